import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../providers/authProvider';
import { brand } from '../providers/publicConfig';

/**
 * Automatic login by device id (spec section 2): /loginByCert?terminalID=...&password=...
 * logs in as the device's account and opens the monitor.
 */
export function LoginByCertPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const terminalID = params.get('terminalID')?.trim() ?? '';
  const password = params.get('password') ?? '';
  const [failed, setFailed] = useState<string | null>(null);
  const navigate = useNavigate();
  // One attempt per visit, even when React runs the effect twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !terminalID || !password) return;
    started.current = true;
    void authProvider.login({ mode: 'cert', terminalID, password }).then((res) => {
      if (res.success) navigate(res.redirectTo ?? '/index/home', { replace: true });
      else setFailed(res.error?.message ?? t('errors:network'));
    });
  }, [navigate, terminalID, password, t]);

  const problem = !terminalID || !password ? t('loginByCert.missingParams') : failed;
  if (!problem) return <Spin fullscreen tip={t('loginByCert.signingIn')} />;
  return (
    <Result
      status="error"
      title={t('loginByCert.failed')}
      subTitle={problem}
      extra={
        <Link to={brand().loginPath}>
          <Button type="primary">{t('loginByCert.backToLogin')}</Button>
        </Link>
      }
    />
  );
}
