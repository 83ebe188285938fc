import { Button, Dropdown, Layout, Space, Typography, theme } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forcesChinese } from '../../../config/roles';
import { useIsPhone } from '../../hooks/useIsPhone';
import { useLogout } from '../../hooks/useLogout';
import { useSessionUser } from '../../hooks/useSession';
import { LazyLanguageSelect as LanguageSelect } from '../lazy/LazyLanguageSelect';
import { AppTitle } from './AppTitle';
import { DemoBanner } from './DemoBanner';
import { useShellLayout } from './layoutContext';
import { HEADER_HEIGHT, PHONE_HEADER_HEIGHT } from './layoutSizes';

// Loaded when first opened: its form, text area and descriptions are not needed for the page (issue 18).
const AccountDialog = lazy(() => import('./AccountDialog').then((m) => ({ default: m.AccountDialog })));

/** User name, language switch, "my account" and logout; on a phone, the menu button and one user menu. */
export function AppHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSessionUser();
  const phone = useIsPhone();
  const { setMobileSiderOpen } = useShellLayout();
  const logout = useLogout();
  const [accountOpen, setAccountOpen] = useState(false);
  // Stays mounted once opened, so the modal can animate its closing.
  const [accountShown, setAccountShown] = useState(false);
  const openAccount = () => {
    setAccountShown(true);
    setAccountOpen(true);
  };
  if (!user) return null;
  const name = user.nickname || user.username;

  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: 'flex',
        justifyContent: phone ? 'space-between' : 'flex-end',
        alignItems: 'center',
        gap: 8,
        padding: phone ? '0 8px' : '0 24px',
        height: phone ? PHONE_HEADER_HEIGHT : HEADER_HEIGHT,
        lineHeight: `${phone ? PHONE_HEADER_HEIGHT : HEADER_HEIGHT}px`,
        position: 'sticky',
        top: 0,
        // Above the monitor's map overlays (z-index 10) when a phone page scrolls.
        zIndex: phone ? 20 : 1,
      }}
    >
      {phone ? (
        <>
          <Button
            type="text"
            size="large"
            icon={<MenuOutlined />}
            aria-label={t('header.menu')}
            onClick={() => setMobileSiderOpen(true)}
            data-testid="menu-toggle"
            style={{ width: 44, height: 44, flex: '0 0 44px' }}
          />
          <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>
            <AppTitle collapsed={false} />
          </div>
          <DemoBanner compact />
          {/* Secondary actions in one menu: the header must fit 390 px. The language is in the menu drawer. */}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'user', label: <Typography.Text strong>{name}</Typography.Text>, disabled: true },
                { type: 'divider' },
                {
                  key: 'account',
                  icon: <UserOutlined />,
                  label: t('header.myAccount'),
                  onClick: openAccount,
                },
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: t('header.logout'),
                  onClick: () => void logout(),
                },
              ],
            }}
          >
            <Button
              type="text"
              size="large"
              icon={<UserOutlined />}
              aria-label={t('header.userMenu')}
              data-testid="user-menu"
              style={{ width: 44, height: 44, flex: '0 0 44px' }}
            />
          </Dropdown>
        </>
      ) : (
        <>
          <DemoBanner compact={false} />
          <Space size="middle">
            {/* Test-group roles always work in Chinese (spec section 6): no choice to offer. */}
            {!forcesChinese(user.role) && <LanguageSelect variant="borderless" />}
            <Button
              type="text"
              icon={<UserOutlined />}
              title={t('header.myAccount')}
              onClick={openAccount}
              data-testid="account-button"
            >
              <Typography.Text strong data-testid="header-user">
                {name}
              </Typography.Text>
            </Button>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={() => void logout()}
              data-testid="logout-button"
            >
              {t('header.logout')}
            </Button>
          </Space>
        </>
      )}
      {accountShown && (
        <Suspense fallback={null}>
          <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} user={user} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
