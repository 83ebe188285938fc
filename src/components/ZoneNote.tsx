import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ZONE, zoneLabel } from '../domain/time-zone';

/** Where days are cut, the screen says in which zone (the account's, not the browser's). */
export function ZoneNote({ style }: { style?: React.CSSProperties }) {
  const { t } = useTranslation('common');
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, ...style }} data-testid="zone-note">
      {t('zone.note', { zone: zoneLabel(ACCOUNT_ZONE) })}
    </Typography.Text>
  );
}
