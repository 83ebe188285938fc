import { App as AntdApp } from 'antd';
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { AppRoutes } from '../AppRoutes';
import { accessControlProvider } from '../providers/accessControlProvider';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { RESOURCES } from '../resources';
import { useNotificationProvider } from './notificationProvider';

/** refine's view of the descriptors: routes and menu places; labels and icons stay with us. */
const refineResources: ResourceProps[] = RESOURCES.map((r) => ({
  name: r.name,
  list: r.path,
  meta: { parent: r.parent, labelKey: r.labelKey, permissions: r.permissions, endpoints: r.endpoints },
}));

/**
 * Everything behind the login page: refine's data layer, the resources, the layout and every
 * route. A chunk of its own (src/shell/load.ts), so the login page does not load it (issue 18).
 */
export function AuthenticatedApp() {
  // antd's App (the context of its notification, message and modal hooks) is here, not in the
  // entry: the login page shows no message but a failed login's notification (useLoginAction).
  return (
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
  );
}
