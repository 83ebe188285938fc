import { Spin } from 'antd';
import { ThemedLayout } from '@refinedev/antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { MaintenanceNotice } from './MaintenanceNotice';

/** The logged-in shell: side menu, header, the page, and the maintenance notice. */
export function MainLayout() {
  return (
    <ThemedLayout Header={AppHeader} Sider={AppSider}>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        <Outlet />
      </Suspense>
      <MaintenanceNotice />
    </ThemedLayout>
  );
}
