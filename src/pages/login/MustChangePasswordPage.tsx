import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PUBLIC_ROUTES } from '../../domain/publicRoutes';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import { authProvider } from '../../providers/authProvider';
import { getSession, setSession } from '../../providers/session';

interface Fields {
  oldPassword: string;
  password: string;
  confirm: string;
}

/**
 * Shown instead of the app after a login with a password the platform drew: an account's
 * one-time password (a reset by the agent), or a device's (an import or a device reset, logged
 * in through /loginByCert). The server refuses everything else of this session until it is
 * changed.
 */
export function MustChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const session = getSession();
  if (!session) return null;
  // A device login sets its device's password; it needs no old one (it just logged in with it).
  const device = session.deviceId != null;

  const save = async (v: Fields) => {
    setSaving(true);
    setError(null);
    try {
      if (device) await request('/device/changeOwnPassword', { password: v.password });
      else
        await request('/user/updateUser', {
          id: session.user.id,
          password: v.password,
          oldPassword: v.oldPassword,
        });
      setSession({ ...session, user: { ...session.user }, mustChangePassword: false });
      void navigate(PUBLIC_ROUTES.redirect, { replace: true });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const logout = async () => {
    const r = await authProvider.logout({});
    void navigate(r.redirectTo ?? PUBLIC_ROUTES.login, { replace: true });
  };

  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '10vh 16px' }}>
      <Card
        title={t('account.mustChange.title')}
        style={{ width: 420, maxWidth: '100%' }}
        data-testid="must-change-password"
      >
        <Typography.Paragraph>
          {device
            ? t('account.mustChange.deviceIntro')
            : t('account.mustChange.intro', { username: session.user.username })}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form<Fields> layout="vertical" onFinish={(v) => void save(v)} requiredMark={false}>
          {device ? null : (
            <Form.Item
              name="oldPassword"
              label={t('account.mustChange.oneTime')}
              rules={[{ required: true, message: t('errors:required') }]}
            >
              <Input.Password autoComplete="current-password" data-testid="one-time-password" />
            </Form.Item>
          )}
          <NewPasswordFields testIds />
          <Button type="primary" htmlType="submit" loading={saving} block data-testid="change-password-save">
            {t('account.save')}
          </Button>
          <Button type="link" block onClick={() => void logout()}>
            {t('account.mustChange.logout')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
