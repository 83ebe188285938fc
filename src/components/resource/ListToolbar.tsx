import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import { errorText } from '../../i18n/errorText';
import { requestFile } from '../../providers/dataProvider';
import type { EntityAction, EntityDescriptor, ListLink, ListView } from '../../resources/types';
import type { SheetFormat } from '../../sheets';
import { WriteGuard } from '../WriteGuard';
import { saveBlob } from './files';
import { actionWrites } from './writes';

/** The list card's buttons: links to other screens, toolbar actions, and the export of the filtered list. */
export function ListToolbar({
  entity,
  view,
  links,
  actions,
  filters,
  onAction,
}: {
  entity: EntityDescriptor;
  view: ListView;
  links: ListLink[];
  actions: EntityAction[];
  filters: Record<string, unknown>;
  onAction: (a: EntityAction) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refusal = useWriteRefusal();

  const exportList = async (format: SheetFormat) => {
    if (!view.export) return;
    try {
      const file = await requestFile(
        view.export.endpoint,
        { ...filters, format },
        `${view.export.fileName}.${format}`,
      );
      saveBlob(file.blob, file.fileName);
      if (file.truncated) message.warning(t('device:generic.exportTruncated'));
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <Space wrap>
      {links.map((l) => (
        <Button key={l.name} type="primary" data-testid={`link-${l.name}`} onClick={() => navigate(l.to)}>
          {t(`${entity.namespace}:${l.labelKey}`)}
        </Button>
      ))}
      {actions.map((a) => (
        <WriteGuard key={a.name} write={actionWrites(a)} reason={refusal}>
          <Button type="primary" data-testid={`toolbar-${a.name}`} onClick={() => onAction(a)}>
            {t(`${entity.namespace}:${a.labelKey}`)}
          </Button>
        </WriteGuard>
      ))}
      {view.export ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'xlsx', label: 'Excel (xlsx)' },
              { key: 'csv', label: 'CSV' },
            ],
            onClick: ({ key }) => void exportList(key as SheetFormat),
          }}
        >
          <Button icon={<DownloadOutlined />} data-testid="export-button">
            {t('device:generic.export')}
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
