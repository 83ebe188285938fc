import { Button, Result } from 'antd';
import { useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

/** "Unauthorized access": shown to a logged-in user whose role has no home page (superAgent). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  return (
    <Result
      status="403"
      title={t('errors:unauthorized')}
      subTitle={t('noPermission.description')}
      extra={
        <Button type="primary" onClick={() => logout()}>
          {t('header.logout')}
        </Button>
      }
    />
  );
}
