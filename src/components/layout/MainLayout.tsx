import { Grid, Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { TextGroup } from '../../i18n/groups';
import { TextGroupsGate } from '../TextGroupsGate';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { ShellLayoutProvider } from './layoutContext';
import { PHONE_CONTENT_PADDING } from './layoutSizes';
import { MaintenanceNotice } from './MaintenanceNotice';
import { PHONE_TOUCH_CSS } from './phoneTouch';
import { isShellScreen } from './shellScreens';

/** Content padding from antd's `sm` breakpoint up (below it, PHONE_CONTENT_PADDING). */
const CONTENT_PADDING = 24;
/** What a screen other than the monitor may show beyond the signed-in app's texts. */
const SCREEN_TEXTS: readonly TextGroup[] = ['screens'];

/**
 * The logged-in shell: side menu (a drawer on phones), header, the page, and the maintenance
 * notice. Our own antd Layout rather than refine's ThemedLayout, whose package brings refine's
 * core and React Query to every page (page weight, issue 18); the boxes and paddings are the same.
 * The monitor shows only texts loaded with the signed-in app; any other screen also waits for
 * the `screens` texts (src/i18n/groups.ts), loaded beside its chunk the first time one is shown.
 */
export function MainLayout() {
  const breakpoint = Grid.useBreakpoint();
  // Before the first measure antd reports no breakpoint: the wide padding, as ThemedLayout did.
  const wide = breakpoint.sm ?? true;
  const { pathname } = useLocation();
  return (
    <ShellLayoutProvider>
      <Layout style={{ minHeight: '100vh' }} hasSider>
        <AppSider />
        <Layout>
          <AppHeader />
          <Layout.Content>
            <div style={{ minHeight: 360, padding: wide ? CONTENT_PADDING : PHONE_CONTENT_PADDING }}>
              <style>{PHONE_TOUCH_CSS}</style>
              <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
                {!isShellScreen(pathname) && <TextGroupsGate groups={SCREEN_TEXTS} />}
                <Outlet />
              </Suspense>
              <MaintenanceNotice />
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
    </ShellLayoutProvider>
  );
}
