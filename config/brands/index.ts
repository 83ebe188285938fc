/**
 * Every brand file of this folder by id, found by the bundler: adding a brand is adding a file
 * (docs/brands.md). The server reads the folder itself (server/services/brand.ts); the web app
 * uses these only to draw the login page when the server cannot be reached.
 */
const files = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' });

export const BRAND_FILES: Record<string, unknown> = Object.fromEntries(
  Object.entries(files).map(([file, brand]) => [file.replace(/^\.\/|\.json$/g, ''), brand]),
);
