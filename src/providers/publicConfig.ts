import { BRAND_FILES } from '../../config/brands';
import {
  COMMON_LOGIN_PATH,
  isBrand,
  loginPathsOf,
  pickBrand,
  type BrandHint,
  type PublicConfig,
} from '../domain/brand';
import { request } from './http';

/** The brand of the last login page this browser showed: later pages keep its look. */
const BRAND_KEY = 'brand';

/** The brands bundled into the app (config/brands/*.json), used when the server cannot be reached. */
const BUNDLED = Object.values(BRAND_FILES).filter(isBrand);

const isLoginPath = (path: string) => /\/login\/?$/.test(path);

function bundledConfig(hint: BrandHint): PublicConfig {
  return {
    brand: pickBrand(BUNDLED, hint, 'default'),
    loginCodes: 'merged',
    loginPaths: loginPathsOf(BUNDLED),
  };
}

let current: PublicConfig = bundledConfig({});

/** The brand's tab icon, when it has one. */
function applyFavicon(file: string | undefined) {
  if (!file || typeof document === 'undefined') return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = `/brands/${file}`;
}

/**
 * GET /api/public/config for this page: a login page names its brand by its path; other pages
 * keep the brand of the last login page. The server adds the Host rule and the default.
 */
export async function loadPublicConfig(path = window.location.pathname): Promise<PublicConfig> {
  const onLogin = isLoginPath(path);
  const hint: BrandHint = onLogin ? { path } : { brand: localStorage.getItem(BRAND_KEY) ?? undefined };
  try {
    const data = await request<PublicConfig>('/public/config', undefined, {
      anonymous: true,
      query: { path: hint.path, brand: hint.brand },
    });
    current = isBrand(data?.brand)
      ? { brand: data.brand, loginCodes: data.loginCodes ?? 'merged', loginPaths: data.loginPaths ?? [] }
      : bundledConfig({ ...hint, host: window.location.host });
  } catch {
    // Server unreachable: the login page still renders, with the bundled brand files.
    current = bundledConfig({ ...hint, host: window.location.host });
  }
  if (onLogin) localStorage.setItem(BRAND_KEY, current.brand.id);
  applyFavicon(current.brand.favicon);
  return current;
}

export const publicConfig = (): PublicConfig => current;
export const brand = () => current.brand;

/** Paths that show the login page: the brand's own first (where the guard sends), then all others. */
export function loginPaths(): string[] {
  return [...new Set([current.brand.loginPath, COMMON_LOGIN_PATH, ...current.loginPaths])];
}

/** True when a login page at this path should show another brand than the current one. */
export function brandChangesAt(path: string): boolean {
  const p = path.replace(/\/+$/, '');
  return p !== COMMON_LOGIN_PATH && p !== current.brand.loginPath && current.loginPaths.includes(p);
}

/** The first view of a map: the brand's centre [lng, lat] and zoom. */
export const brandMapView = () => ({ center: current.brand.map.center, zoom: current.brand.map.zoom });
