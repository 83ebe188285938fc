import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authProvider } from '../providers/authProvider';

/**
 * Logs out through the auth provider and goes where it says (the brand's login page). The
 * shell's own, so the header does not need refine's data layer (page weight, issue 18); the
 * list screens' query cache is per screen (src/shell/RefineScope.tsx) and goes with it.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const res = await authProvider.logout({});
    if (res.redirectTo) navigate(res.redirectTo, { replace: true });
  }, [navigate]);
}
