import { Alert, Button, Checkbox, Divider, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../domain/brand';
import type { LoginParams } from '../../providers/authProvider';
import { readRememberedLogin } from '../../providers/rememberedLogin';
import { hasExpiredNotice } from '../../providers/session';
import { BrandDownloads } from './BrandDownloads';

interface LoginFields {
  username: string;
  password: string;
  remember: boolean;
}

/** The login form every variant shows: remember password, the trial account and downloads. */
export function LoginForm({ brand: b }: { brand: Brand }) {
  const { t } = useTranslation('login');
  const { mutate: login, isPending } = useLogin<LoginParams>();
  // Read once: the form starts from the remembered credentials, if any.
  const [initial] = useState<LoginFields>(() => {
    const saved = readRememberedLogin();
    return { username: saved?.username ?? '', password: saved?.password ?? '', remember: saved != null };
  });
  const [expired] = useState(hasExpiredNotice);

  return (
    <>
      {expired && (
        <Alert type="warning" showIcon message={t('errors:sessionExpired')} style={{ marginBottom: 16 }} />
      )}
      <Form<LoginFields>
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(v) => login({ username: v.username.trim(), password: v.password, remember: v.remember })}
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
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
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
          onClick={() => b.trial && login({ username: b.trial.username, password: b.trial.password })}
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
