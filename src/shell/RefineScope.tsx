import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import type { ReactNode } from 'react';
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
 * refine's data layer around the screens that use it (the list screens' useTable). It loads with
 * them, not with the signed-in shell: refine's core and React Query are about 40 KB gzip the
 * monitor does not need (page weight, issue 18). Each list screen has its own query cache, so
 * nothing cached outlives a logout.
 */
export function RefineScope({ children }: { children: ReactNode }) {
  return (
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
      {children}
    </Refine>
  );
}
