import { ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { brand, brandChangesAt, loadPublicConfig } from '../../providers/publicConfig';
import { LanguageMenu } from './LanguageMenu';
import { LoginForm } from './LoginForm';
import { PageText } from './text';
import { LOGIN_LAYOUTS } from './variants';

/**
 * The branded login page (spec section 2), in the layout the brand file names. Reached by an
 * in-app link at another brand's login path, it loads that brand first.
 */
export function LoginPage() {
  const { pathname } = useLocation();
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    if (brandChangesAt(pathname))
      void loadPublicConfig(pathname).then(() => {
        if (!live) return;
        document.title = brand().title;
        setLoaded((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [pathname]);

  const b = brand();
  const Layout = LOGIN_LAYOUTS[b.loginVariant] ?? LOGIN_LAYOUTS.centered;
  return (
    // The brand's colour, also when this page switched brands after the app started.
    <ConfigProvider theme={{ token: { colorPrimary: b.colors.primary, colorLink: b.colors.primary } }}>
      <PageText data-testid="login-page" data-brand={b.id} data-variant={b.loginVariant}>
        <Layout brand={b} form={<LoginForm brand={b} />} tools={<LanguageMenu />} />
      </PageText>
    </ConfigProvider>
  );
}
