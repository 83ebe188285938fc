import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { abilityFor, hasAnyPermission } from '../../domain/ability';
import { BELL_START, bellLive, bellShown, bellTotal } from '../../domain/alarm-list';
import { useSessionUser } from '../../hooks/useSession';
import { request } from '../../providers/http';

/**
 * The bell's unread count: the server's unread total of the caller's scope (findAllAlarm,
 * read=unread, one row), plus the alarms the websocket brings meanwhile. The monitor has the
 * total read again with each load of its device list (at opening and at every countdown
 * refresh): alarms marked read elsewhere, or of a device the live hub does not watch yet,
 * change it without any websocket event.
 */
export function useUnreadAlarms() {
  const user = useSessionUser();
  const allowed = useMemo(() => hasAnyPermission(abilityFor(user), [P.alarms]), [user]);
  const [count, setCount] = useState(BELL_START);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reread = useCallback(() => {
    if (!allowed) return;
    request<{ total: number }>('/deviceAlarms/findAllAlarm', { read: 'unread', pageNum: 1, pageSize: 1 })
      .then((d) => mounted.current && setCount((s) => bellTotal(s, d.total)))
      // Without the total the bell still counts the alarms that arrive.
      .catch(() => undefined);
  }, [allowed]);

  return {
    /** The alarm screens are open to this user. */
    allowed,
    unread: bellShown(count),
    arrived: useCallback((n: number) => setCount((s) => bellLive(s, n)), []),
    reread,
  };
}
