import bengps from './bengps.json';
import defaultBrand from './default.json';

/**
 * The brand files of this folder by id. The server picks one by name (BRAND); the web app bundles
 * `default` to draw the login page when the server cannot be reached; the unit tests check that
 * every file here is listed and valid (tests/unit/brand.test.ts).
 */
export const BRAND_FILES: Record<string, unknown> = {
  default: defaultBrand,
  bengps,
};
