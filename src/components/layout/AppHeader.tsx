import { Button, Layout, Space, Typography, theme } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forcesChinese } from '../../../config/roles';
import { useSessionUser } from '../../hooks/useSession';
import { LanguageSelect } from '../LanguageSelect';
import { AccountDialog } from './AccountDialog';

/** User name, language switch, "my account" and logout. */
export function AppHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSessionUser();
  const { mutate: logout } = useLogout();
  const [accountOpen, setAccountOpen] = useState(false);
  if (!user) return null;

  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 64,
        position: 'sticky',
        top: 0,
        zIndex: 1,
      }}
    >
      <Space size="middle">
        {/* Test-group roles always work in Chinese (spec section 6): no choice to offer. */}
        {!forcesChinese(user.role) && <LanguageSelect variant="borderless" />}
        <Button
          type="text"
          icon={<UserOutlined />}
          title={t('header.myAccount')}
          onClick={() => setAccountOpen(true)}
          data-testid="account-button"
        >
          <Typography.Text strong data-testid="header-user">
            {user.nickname || user.username}
          </Typography.Text>
        </Button>
        <Button type="text" icon={<LogoutOutlined />} onClick={() => logout()} data-testid="logout-button">
          {t('header.logout')}
        </Button>
      </Space>
      <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} user={user} />
    </Layout.Header>
  );
}
