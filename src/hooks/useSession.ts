import { useSyncExternalStore } from 'react';
import { getSessionUser, subscribeSession, type SessionUser } from '../providers/session';

/** The logged-in user; re-renders on login, logout and session expiry. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}
