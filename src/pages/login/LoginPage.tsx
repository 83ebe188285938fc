import { Alert, Button, Card, Checkbox, Divider, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import type { LoginParams } from '../../providers/authProvider';
import { brand } from '../../providers/publicConfig';
import { readRememberedLogin } from '../../providers/rememberedLogin';
import { hasExpiredNotice } from '../../providers/session';
import { BrandDownloads } from './BrandDownloads';

interface LoginFields {
  username: string;
  password: string;
  remember: boolean;
}

/** The branded login page (spec section 2): remember password, downloads and the trial account. */
export function LoginPage() {
  const { t } = useTranslation('login');
  const b = brand();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  // Read once: the form starts from the remembered credentials, if any.
  const [initial] = useState<LoginFields>(() => {
    const saved = readRememberedLogin();
    return { username: saved?.username ?? '', password: saved?.password ?? '', remember: saved != null };
  });
  const [expired] = useState(hasExpiredNotice);

  return (
    <div
      style={{
        minHeight: '100vh',
        background: b.colors.background,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LanguageSelect />
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Card style={{ width: 380, maxWidth: '100%' }} styles={{ body: { padding: 32 } }}>
          <Space direction="vertical" align="center" style={{ width: '100%', marginBottom: 24 }}>
            <img src={`/brands/${b.logo}`} alt="" width={56} height={56} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {b.title}
            </Typography.Title>
            <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
          </Space>
          {expired && (
            <Alert
              type="warning"
              showIcon
              message={t('errors:sessionExpired')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<LoginFields>
            layout="vertical"
            requiredMark={false}
            initialValues={initial}
            onFinish={(v) =>
              login({ username: v.username.trim(), password: v.password, remember: v.remember })
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
        </Card>
      </div>
    </div>
  );
}
