import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending: 'default',
  running: 'processing',
  sent: 'blue',
  downloading: 'processing',
  success: 'success',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** A job's or a device's status, coloured. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('ota');
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={`ota-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
