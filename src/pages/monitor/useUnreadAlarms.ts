import { useCallback, useEffect, useMemo, useState } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { abilityFor, hasAnyPermission } from '../../domain/ability';
import { BELL_REFRESH_MS, BELL_START, bellLive, bellShown, bellTotal } from '../../domain/alarm-list';
import { useSessionUser } from '../../hooks/useSession';
import { request } from '../../providers/http';

/**
 * The bell's unread count: the server's unread total of the caller's scope (findAllAlarm,
 * read=unread, one row), plus the alarms the websocket brings meanwhile. The total is read when
 * the monitor opens, again every BELL_REFRESH_MS and when the tab is shown again: alarms marked
 * read or unread elsewhere (another tab, a colleague, a demo reset) change it without any
 * websocket event.
 */
export function useUnreadAlarms() {
  const user = useSessionUser();
  const allowed = useMemo(() => hasAnyPermission(abilityFor(user), [P.alarms]), [user]);
  const [count, setCount] = useState(BELL_START);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    const read = () => {
      if (document.visibilityState === 'hidden') return;
      request<{ total: number }>('/deviceAlarms/findAllAlarm', { read: 'unread', pageNum: 1, pageSize: 1 })
        .then((d) => live && setCount((s) => bellTotal(s, d.total)))
        // Without the total the bell still counts the alarms that arrive.
        .catch(() => undefined);
    };
    read();
    const timer = setInterval(read, BELL_REFRESH_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [allowed]);

  return {
    /** The alarm screens are open to this user. */
    allowed,
    unread: bellShown(count),
    arrived: useCallback((n: number) => setCount((s) => bellLive(s, n)), []),
  };
}
