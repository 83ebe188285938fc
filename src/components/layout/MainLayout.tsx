import { Spin } from 'antd';
import { ThemedLayout } from '@refinedev/antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { MaintenanceNotice } from './MaintenanceNotice';
import { PHONE_TOUCH_CSS } from './phoneTouch';

/** The logged-in shell: side menu (a drawer on phones), header, the page, and the maintenance notice. */
export function MainLayout() {
  return (
    <ThemedLayout Header={AppHeader} Sider={AppSider}>
      <style>{PHONE_TOUCH_CSS}</style>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        <Outlet />
      </Suspense>
      <MaintenanceNotice />
    </ThemedLayout>
  );
}
