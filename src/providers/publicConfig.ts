import { BRAND_FILES } from '../../config/brands';
import { isBrand, type PublicConfig } from '../domain/brand';
import { request } from './http';

/** The bundled default brand, used until (or when) the server cannot tell us its brand. */
const FALLBACK: PublicConfig = { brand: BRAND_FILES.default as PublicConfig['brand'], loginCodes: 'merged' };

let current: PublicConfig = FALLBACK;

/** GET /api/public/config: the active brand and how login failures are reported. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const data = await request<PublicConfig>('/public/config', undefined, { anonymous: true });
    if (data && isBrand(data.brand)) current = { brand: data.brand, loginCodes: data.loginCodes ?? 'merged' };
  } catch {
    // Server unreachable: the login page still renders with the default brand.
  }
  return current;
}

export const publicConfig = (): PublicConfig => current;
export const brand = () => current.brand;

/** Paths that show the login page: always /login, plus the brand's own path. */
export function loginPaths(): string[] {
  const own = current.brand.loginPath;
  return own === '/login' ? ['/login'] : [own, '/login'];
}
