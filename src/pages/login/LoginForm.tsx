import { Alert, Button, Checkbox, Divider, Form } from 'antd';
// Input's own modules: antd's input index also brings the text area, search and one-time-code inputs.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../domain/brand';
import { loadTextGroups } from '../../i18n';
import { hasRememberedLogin } from '../../providers/rememberedLoginKey';
import { hasExpiredNotice } from '../../providers/session';
import { BrandDownloads } from './BrandDownloads';
import { useLoginAction } from './useLoginAction';

interface LoginFields {
  username: string;
  password: string;
  remember: boolean;
}

/** The login form every variant shows: remember password, the trial account and downloads. */
export function LoginForm({ brand: b }: { brand: Brand }) {
  const { t } = useTranslation('login');
  const { login, isPending } = useLoginAction();
  const [form] = Form.useForm<LoginFields>();
  // Remembered credentials fill the form; their cipher's code loads only when some are stored.
  useEffect(() => {
    let live = true;
    if (hasRememberedLogin())
      void import('../../providers/rememberedLogin').then(({ readRememberedLogin }) => {
        const saved = readRememberedLogin();
        // Never over what the user has already typed or ticked.
        if (live && saved && !form.isFieldsTouched()) form.setFieldsValue({ ...saved, remember: true });
      });
    return () => {
      live = false;
    };
  }, [form]);
  // The notice's text is one of the error texts, which the login page loads only when needed.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    let live = true;
    if (hasExpiredNotice()) void loadTextGroups(['errors']).finally(() => live && setExpired(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      {expired && (
        <Alert type="warning" showIcon message={t('errors:sessionExpired')} style={{ marginBottom: 16 }} />
      )}
      <Form<LoginFields>
        layout="vertical"
        requiredMark={false}
        form={form}
        initialValues={{ username: '', password: '', remember: false }}
        onFinish={(v) =>
          void login({ username: v.username.trim(), password: v.password, remember: v.remember })
        }
      >
        <Form.Item
          name="username"
          label={t('username')}
          rules={[{ required: true, message: t('usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[{ required: true, message: t('passwordRequired') }]}
        >
          <Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>{t('remember')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
          {t('submit')}
        </Button>
      </Form>
      {b.trial && (
        <Button
          block
          size="large"
          style={{ marginTop: 12 }}
          disabled={isPending}
          onClick={() => b.trial && void login({ username: b.trial.username, password: b.trial.password })}
        >
          {t('trial')}
        </Button>
      )}
      {b.downloads.length > 0 && (
        <>
          <Divider plain>{t('downloads.title')}</Divider>
          <BrandDownloads downloads={b.downloads} />
        </>
      )}
    </>
  );
}
