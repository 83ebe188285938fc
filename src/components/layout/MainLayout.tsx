import { Grid, Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { ShellLayoutProvider } from './layoutContext';
import { PHONE_CONTENT_PADDING } from './layoutSizes';
import { MaintenanceNotice } from './MaintenanceNotice';
import { PHONE_TOUCH_CSS } from './phoneTouch';

/** Content padding from antd's `sm` breakpoint up (below it, PHONE_CONTENT_PADDING). */
const CONTENT_PADDING = 24;

/**
 * The logged-in shell: side menu (a drawer on phones), header, the page, and the maintenance
 * notice. Our own antd Layout rather than refine's ThemedLayout, whose package brings refine's
 * core and React Query to every page (page weight, issue 18); the boxes and paddings are the same.
 */
export function MainLayout() {
  const breakpoint = Grid.useBreakpoint();
  // Before the first measure antd reports no breakpoint: the wide padding, as ThemedLayout did.
  const wide = breakpoint.sm ?? true;
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
