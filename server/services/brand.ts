import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  brandProblems,
  brandSetProblems,
  loginPathsOf,
  pickBrand,
  type Brand,
  type BrandHint,
} from '../../src/domain/brand';

/** The brand files of config/brands/ (docs/brands.md). */
export const BRANDS_DIR = fileURLToPath(new URL('../../config/brands/', import.meta.url));
/** Their logos and icons (copied into the built app). */
export const BRAND_ASSETS_DIR = fileURLToPath(new URL('../../public/brands/', import.meta.url));

/** A brand file that cannot be used: the server does not start (the message names file and field). */
export class BrandFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`Brand files of config/brands/ are invalid:\n  ${problems.join('\n  ')}`);
    this.name = 'BrandFileError';
  }
}

export interface Brands {
  all: readonly Brand[];
  /** The brand of requests nothing else names (env BRAND). */
  fallback: Brand;
  /** Every brand's login path, /login first. */
  loginPaths: string[];
  pick(hint: BrandHint): Brand;
}

/** Reads and checks every brand file of a folder; throws BrandFileError listing all problems. */
export function loadBrands(defaultId: string, dir = BRANDS_DIR, assetsDir = BRAND_ASSETS_DIR): Brands {
  const problems: string[] = [];
  const files: { file: string; brand: Brand }[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    } catch (e) {
      problems.push(`${file}: not JSON (${(e as Error).message})`);
      continue;
    }
    const own = brandProblems(value);
    if (own.length) {
      problems.push(...own.map((p) => `${file}: ${p}`));
      continue;
    }
    const brand = value as Brand;
    // A deployment without the sources (only dist/) has no public/brands to check against.
    for (const field of ['logo', 'favicon'] as const) {
      const asset = brand[field];
      if (asset && existsSync(assetsDir) && !existsSync(path.join(assetsDir, asset)))
        problems.push(`${file}: ${field}: public/brands/${asset} does not exist`);
    }
    files.push({ file, brand });
  }
  problems.push(...brandSetProblems(files));
  const all = files.map((f) => f.brand);
  const fallback = all.find((b) => b.id === defaultId);
  if (!fallback) problems.push(`BRAND=${defaultId}: no valid config/brands/${defaultId}.json`);
  if (problems.length || !fallback) throw new BrandFileError(problems);
  return {
    all,
    fallback,
    loginPaths: loginPathsOf(all),
    pick: (hint) => pickBrand(all, hint, defaultId),
  };
}

const cache = new Map<string, Brands>();

/** The brands of this process, read once per default brand (the routes of every app share them). */
export function serverBrands(defaultId: string): Brands {
  let brands = cache.get(defaultId);
  if (!brands) {
    brands = loadBrands(defaultId);
    cache.set(defaultId, brands);
  }
  return brands;
}
