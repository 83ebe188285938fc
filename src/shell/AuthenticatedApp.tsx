import { App as AntdApp } from 'antd';
import { AppRoutes } from '../AppRoutes';

/**
 * Everything behind the login page: the layout and every route. A chunk of its own
 * (src/shell/load.ts), so the login page does not load it (issue 18). refine's data layer is
 * not here: it comes with the list screens (src/shell/RefineScope.tsx).
 */
export function AuthenticatedApp() {
  // antd's App (the context of its notification, message and modal hooks) is here, not in the
  // entry: the login page shows no message but a failed login's notification (useLoginAction).
  return (
    <AntdApp>
      <AppRoutes />
    </AntdApp>
  );
}
