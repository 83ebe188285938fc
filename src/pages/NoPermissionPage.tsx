import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../hooks/useLogout';

/** "Unauthorized access": shown to a logged-in user whose role has no home page (superAgent). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Result
      status="403"
      title={t('errors:unauthorized')}
      subTitle={t('noPermission.description')}
      extra={
        <Button type="primary" onClick={() => void logout()}>
          {t('header.logout')}
        </Button>
      }
    />
  );
}
