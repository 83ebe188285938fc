import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** A brand file of config/brands/ (login screen look, language, map type and login path). */
export interface Brand {
  id: string;
  title: string;
  loginPath: string;
  [key: string]: unknown;
}

const brandsDir = fileURLToPath(new URL('../../config/brands/', import.meta.url));

export function loadBrand(name: string): Brand {
  const file = path.join(brandsDir, `${name.replace(/[^a-z0-9_-]/gi, '')}.json`);
  const fallback = path.join(brandsDir, 'default.json');
  const chosen = existsSync(file) ? file : fallback;
  if (!existsSync(chosen)) return { id: 'default', title: 'FleetGate', loginPath: '/login' };
  const brand = JSON.parse(readFileSync(chosen, 'utf8')) as Brand;
  if (typeof brand.loginPath !== 'string' || !/^\/[a-z0-9/_-]*login$/i.test(brand.loginPath)) {
    throw new Error(`Brand ${chosen}: loginPath must be a path ending in "login"`);
  }
  return brand;
}
