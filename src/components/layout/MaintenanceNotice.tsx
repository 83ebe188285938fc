import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_NOTICE } from '../../domain/constants';
import { shouldShowMaintenanceNotice } from '../../domain/maintenance';

/** Closing the notice holds for the browser session, so it does not return on every page. */
const SEEN_KEY = 'maintenanceNoticeSeen';

/** The 2022-10-08 server maintenance notice (spec section 1), while it is still relevant. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(
    () => shouldShowMaintenanceNotice(Date.now()) && sessionStorage.getItem(SEEN_KEY) !== '1',
  );
  const close = () => {
    sessionStorage.setItem(SEEN_KEY, '1');
    setOpen(false);
  };
  // The window is fixed in UTC+8 (the servers' time), so it is shown as such.
  const hhmm = (iso: string) => iso.slice(11, 16);
  return (
    <Modal
      title={t('maintenance.title')}
      open={open}
      onOk={close}
      onCancel={close}
      okText={t('maintenance.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {t('maintenance.body', {
        date: MAINTENANCE_NOTICE.start.slice(0, 10),
        start: hhmm(MAINTENANCE_NOTICE.start),
        end: hhmm(MAINTENANCE_NOTICE.end),
      })}
    </Modal>
  );
}
