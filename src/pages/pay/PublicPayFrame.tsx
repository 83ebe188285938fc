import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../hooks/useSession';
import { loginPaths } from '../../providers/publicConfig';

/**
 * The frame of the pages a payment provider returns to (/payResult, /sandbox-pay): public routes
 * outside the app layout, which still need the login of the saved session for their calls.
 */
export function PublicPayFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('order');
  const user = useSessionUser();
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: '48px 16px' }}>
      <Card title={title} style={{ maxWidth: 720, margin: '0 auto' }}>
        {user ? (
          children
        ) : (
          <Result
            status="warning"
            data-testid="pay-login-needed"
            title={t('result.loginNeeded')}
            subTitle={t('result.loginNeededHelp')}
            extra={
              <Link to={loginPaths()[0] ?? '/login'}>
                <Button type="primary">{t('result.login')}</Button>
              </Link>
            }
          />
        )}
      </Card>
    </div>
  );
}
