import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PUBLIC_ROUTES } from '../../domain/publicRoutes';
import { loadTextGroups } from '../../i18n';
import { authProvider, type LoginParams } from '../../providers/authProvider';

/**
 * The login form's submit, without refine (its data layer loads with the signed-in app, not
 * with the login page): the error texts are fetched first (a failed login shows one of them),
 * the signed-in app's code starts loading alongside, and the outcome is shown as refine's
 * useLogin showed it: the failure as an error notification, success as a move to /redirect.
 * antd's notification code loads with the first failure (antd's App, whose hook the signed-in
 * app uses for it, is part of that app's chunk).
 */
const ERROR_KEY = 'login-error';
const notifications = async () => (await import('antd/es/notification')).default;
let notified = false;

export function useLoginAction() {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const login = useCallback(
    async (params: LoginParams) => {
      setPending(true);
      void import('../../shell/AuthenticatedApp').catch(() => undefined);
      try {
        // Without its texts a failure still shows, as the error's key: no reason to block the login.
        await loadTextGroups(['errors']).catch(() => undefined);
        const res = await authProvider.login(params);
        if (res.success) {
          if (notified) void notifications().then((n) => n.destroy(ERROR_KEY));
          navigate(res.redirectTo ?? PUBLIC_ROUTES.redirect, { replace: true });
        } else {
          notified = true;
          (await notifications()).open({
            key: ERROR_KEY,
            type: 'error',
            message: res.error?.message,
            description: res.error?.name,
          });
        }
      } finally {
        setPending(false);
      }
    },
    [navigate],
  );
  return { login, isPending };
}
