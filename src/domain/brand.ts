import { isLanguage } from './language';
import type { Language } from './constants';

/** Map providers a brand may choose (spec section 1: the map type setting accepts only these). */
export const MAP_TYPES = ['Baidu', 'Google', 'GaoDe', 'Yandex'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/** One branded login page variant: config/brands/<id>.json. */
export interface Brand {
  id: string;
  title: string;
  /** File name under public/brands/. */
  logo: string;
  colors: { primary: string; background: string };
  /** The brand's usual language; the language rule still decides (spec section 5). */
  language: Language;
  mapType: MapType;
  /** '/login', or a brand path such as '/bengps/login'; the login call goes to /api + this. */
  loginPath: string;
  downloads: { labelKey: string; url: string }[];
  /** Credentials of the trial (demo) account offered on the login page; null hides the button. */
  trial: { username: string; password: string } | null;
}

/** How the server reports a failed login: one code (209) or user (201) and password (202) apart. */
export type LoginCodes = 'merged' | 'distinct';

export interface PublicConfig {
  brand: Brand;
  loginCodes: LoginCodes;
}

const COLOR = /^#[0-9a-fA-F]{3,8}$/;
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Checks a brand file; returns the list of problems (empty when the brand is valid). */
export function brandProblems(value: unknown): string[] {
  const b = (value ?? {}) as Partial<Record<keyof Brand, unknown>>;
  const problems: string[] = [];
  if (!isString(b.id) || !/^[a-z0-9-]+$/.test(b.id)) problems.push('id: lower-case letters, digits and -');
  if (!isString(b.title)) problems.push('title: required');
  if (!isString(b.logo) || b.logo.includes('/')) problems.push('logo: a file name under public/brands/');
  const colors = (b.colors ?? {}) as Record<string, unknown>;
  for (const key of ['primary', 'background']) {
    if (typeof colors[key] !== 'string' || !COLOR.test(colors[key] as string))
      problems.push(`colors.${key}: #rgb colour`);
  }
  if (!isLanguage(b.language)) problems.push('language: one of LANGUAGES');
  if (!(MAP_TYPES as readonly unknown[]).includes(b.mapType))
    problems.push(`mapType: one of ${MAP_TYPES.join(', ')}`);
  if (!isString(b.loginPath) || !/^(\/[a-zA-Z0-9_-]+)*\/login$/.test(b.loginPath)) {
    problems.push("loginPath: '/login' or '/<brand>/login'");
  }
  if (!Array.isArray(b.downloads) || !b.downloads.every((d) => isString(d?.labelKey) && isString(d?.url))) {
    problems.push('downloads: [{labelKey, url}]');
  }
  const t = b.trial as { username?: unknown; password?: unknown } | null | undefined;
  if (t !== null && !(isString(t?.username) && isString(t?.password)))
    problems.push('trial: {username, password} or null');
  return problems;
}

export function isBrand(value: unknown): value is Brand {
  return brandProblems(value).length === 0;
}
