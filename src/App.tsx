import { App as AntdApp, ConfigProvider } from 'antd';
import { useNotificationProvider } from '@refinedev/antd';
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@refinedev/antd/dist/reset.css';
import { AppRoutes } from './AppRoutes';
import type { Language } from './domain/constants';
import { antdLocaleOf } from './i18n';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { brand } from './providers/publicConfig';
import { RESOURCES } from './resources';

/** refine's view of the descriptors: routes and menu places; labels and icons stay with us. */
const refineResources: ResourceProps[] = RESOURCES.map((r) => ({
  name: r.name,
  list: r.path,
  meta: { parent: r.parent, labelKey: r.labelKey, permissions: r.permissions, endpoints: r.endpoints },
}));

export function App() {
  const { i18n } = useTranslation();
  const b = brand();
  return (
    <BrowserRouter>
      <ConfigProvider
        locale={antdLocaleOf(i18n.language as Language)}
        theme={{ token: { colorPrimary: b.colors.primary } }}
      >
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={refineResources}
            options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
          >
            <AppRoutes />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
