import type { RoleSubject } from '../../config/roles';

/** The user record of the login answer (spec section 3, "User info"). */
export interface SessionUser extends RoleSubject {
  id: number;
  user_id: number | null;
  username: string;
  nickname: string | null;
  role: number;
  token: string;
  realname: string | null;
  telephone: string | null;
  address: string | null;
  idCard: string | null;
  ancestors: string | null;
  deviceNum: number | null;
  saleNum: number | null;
  parentId: number | null;
  expireAt: string | null;
  /** The demo account (system setting demoAccount): read-only. */
  demo?: boolean;
}

/** `data` of POST /login and /loginByCert. */
export interface LoginData {
  token: string;
  user: SessionUser;
  permissions: string[];
  home: string | null;
  payAllowed: boolean;
  /** Logged in with a one-time password (after a reset): only the change page is shown until changed. */
  mustChangePassword?: boolean;
  /** Set for a device login (/loginByCert). */
  deviceId?: number | null;
}

/** sessionStorage keys (spec section 3). Logout clears the user, the selections and the list. */
export const SESSION_KEYS = {
  userInfo: 'userInfo',
  selectedTid: 'selectedTid',
  selectAgentId: 'selectAgentId',
  deviceList: 'deviceList',
} as const;

/** Set when a request finds the session expired, so the login page can say why it is shown. */
const EXPIRED_NOTICE_KEY = 'sessionExpiredNotice';

type Listener = () => void;
const listeners = new Set<Listener>();
// The login info "in memory"; restored from the saved session on the first read.
let current: LoginData | null | undefined;

function readSaved(): LoginData | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.userInfo);
    if (!raw) return null;
    const data = JSON.parse(raw) as LoginData;
    return data && typeof data.token === 'string' && data.user ? data : null;
  } catch {
    return null;
  }
}

export function getSession(): LoginData | null {
  if (current === undefined) current = readSaved();
  return current;
}

export const getSessionUser = (): SessionUser | null => getSession()?.user ?? null;
export const getToken = (): string | null => getSession()?.token ?? null;

function emit() {
  for (const l of listeners) l();
}

export function setSession(data: LoginData): void {
  current = data;
  sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(data));
  sessionStorage.removeItem(EXPIRED_NOTICE_KEY);
  emit();
}

/** Replaces the stored user record (e.g. after the account dialog saved a change). */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const s = getSession();
  if (s) setSession({ ...s, user: { ...s.user, ...patch } });
}

export function clearSession(): void {
  current = null;
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
  emit();
}

/** A request found the token expired or invalid (meta.message 9902 / HTTP 401). */
export function expireSession(): void {
  if (!getSession()) return;
  clearSession();
  sessionStorage.setItem(EXPIRED_NOTICE_KEY, '1');
}

/** True after a session expiry until the next login: the login page shows the warning. */
export function hasExpiredNotice(): boolean {
  return sessionStorage.getItem(EXPIRED_NOTICE_KEY) === '1';
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
