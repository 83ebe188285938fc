import type { Brand } from './brand-schema';

export {
  BrandSchema,
  LOGIN_VARIANTS,
  brandProblems,
  isBrand,
  type Brand,
  type LoginVariant,
} from './brand-schema';
export { MAP_TYPES, type MapType } from './codes';

/** The login path every brand answers besides its own. */
export const COMMON_LOGIN_PATH = '/login';

/** How the server reports a failed login: one code (209) or user (201) and password (202) apart. */
export type LoginCodes = 'merged' | 'distinct';

/** GET /api/public/config */
export interface PublicConfig {
  brand: Brand;
  loginCodes: LoginCodes;
  /** Every brand's login path: the web app shows the login page at each. */
  loginPaths: string[];
}

/** What a request tells about its brand (GET /api/public/config, a login call). */
export interface BrandHint {
  /** The page path: a brand's own login path (not the common /login) names that brand. */
  path?: string;
  /** A brand id the browser remembers from its last login page. */
  brand?: string;
  /** The Host header. */
  host?: string;
}

/**
 * The brand of a request: its own login path, else the brand the browser remembers, else the
 * brand listing the Host, else the default. Unknown names fall through to the next rule.
 */
export function pickBrand(brands: readonly Brand[], hint: BrandHint, defaultId: string): Brand {
  const path = hint.path?.replace(/\/+$/, '');
  const byPath = path && path !== COMMON_LOGIN_PATH ? brands.find((b) => b.loginPath === path) : undefined;
  if (byPath) return byPath;
  const byId = hint.brand ? brands.find((b) => b.id === hint.brand) : undefined;
  if (byId) return byId;
  const host = hint.host?.toLowerCase();
  const byHost = host
    ? brands.find((b) => b.hosts.includes(host) || b.hosts.includes(host.replace(/:\d+$/, '')))
    : undefined;
  return byHost ?? brands.find((b) => b.id === defaultId) ?? brands[0];
}

/** The login paths of all brands, the common one first, without repeats. */
export const loginPathsOf = (brands: readonly Brand[]) => [
  ...new Set([COMMON_LOGIN_PATH, ...brands.map((b) => b.loginPath)]),
];

/**
 * Problems between brand files (each file being valid): ids must match file names, login paths
 * and hosts must each belong to one brand.
 */
export function brandSetProblems(files: readonly { file: string; brand: Brand }[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const claim = (what: string, file: string) => {
    const other = seen.get(what);
    if (other) problems.push(`${file}: ${what} is already used by ${other}`);
    else seen.set(what, file);
  };
  for (const { file, brand } of files) {
    if (`${brand.id}.json` !== file)
      problems.push(`${file}: id must be the file name without .json ('${brand.id}')`);
    if (brand.loginPath !== COMMON_LOGIN_PATH) claim(`loginPath ${brand.loginPath}`, file);
    for (const h of brand.hosts) claim(`host ${h}`, file);
  }
  return problems;
}
