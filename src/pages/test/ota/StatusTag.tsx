import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OTA_STATUS_COLORS as COLORS } from '../../../resources/ota/fields';

/** A job's or a device's status, coloured. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('ota');
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={`ota-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
