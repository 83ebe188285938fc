import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import type { EntityAction, EntityDescriptor } from '../../resources/types';
import { WriteGuard } from '../WriteGuard';
import { actionWrites } from './writes';

/** Above a list: how many rows are ticked, and the batch actions on them. */
export function BatchBar({
  entity,
  actions,
  selected,
  onStart,
}: {
  entity: EntityDescriptor;
  actions: readonly EntityAction[];
  selected: number;
  onStart: (action: EntityAction) => void;
}) {
  const { t } = useTranslation();
  const refusal = useWriteRefusal();
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="batch-bar">
      <span>
        {t([`${entity.namespace}:generic.selectedCount`, 'device:generic.selectedCount'], {
          count: selected,
        })}
      </span>
      {actions.map((a) => (
        <WriteGuard key={a.name} write={actionWrites(a)} reason={refusal}>
          <Button
            danger={a.danger}
            disabled={selected === 0}
            data-testid={`batch-${a.name}`}
            onClick={() => onStart(a)}
          >
            {t(`${entity.namespace}:${a.labelKey}`)}
          </Button>
        </WriteGuard>
      ))}
    </Space>
  );
}
