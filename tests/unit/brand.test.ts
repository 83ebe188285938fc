import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRAND_FILES } from '../../config/brands';
import { brandProblems, isBrand } from '../../src/domain/brand';

const brandsDir = fileURLToPath(new URL('../../config/brands/', import.meta.url));
const logosDir = fileURLToPath(new URL('../../public/brands/', import.meta.url));

const valid = {
  id: 'acme',
  title: 'Acme',
  logo: 'acme.svg',
  colors: { primary: '#123456', background: '#fff' },
  language: 'fr',
  mapType: 'Yandex',
  loginPath: '/acme/login',
  downloads: [{ labelKey: 'downloads.apiDocs', url: '/api/docs' }],
  trial: null,
};

describe('brand files', () => {
  it('lists every JSON file of config/brands', () => {
    const files = readdirSync(brandsDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    expect(Object.keys(BRAND_FILES).sort()).toEqual(files.sort());
  });
  it.each(Object.entries(BRAND_FILES))(
    '%s is valid, named by its id, with its logo in public/brands',
    (id, brand) => {
      expect(brandProblems(brand)).toEqual([]);
      expect((brand as { id: string }).id).toBe(id);
      expect(existsSync(`${logosDir}${(brand as { logo: string }).logo}`)).toBe(true);
    },
  );
});

describe('brand validation', () => {
  it('accepts a complete brand', () => {
    expect(isBrand(valid)).toBe(true);
  });
  it('names each wrong field', () => {
    expect(brandProblems({ ...valid, mapType: 'Bing' })).toEqual([expect.stringMatching(/^mapType/)]);
    expect(brandProblems({ ...valid, language: 'de' })).toEqual([expect.stringMatching(/^language/)]);
    expect(brandProblems({ ...valid, loginPath: '/acme' })).toEqual([expect.stringMatching(/^loginPath/)]);
    expect(brandProblems({ ...valid, logo: '../x.svg' })).toEqual([expect.stringMatching(/^logo/)]);
    expect(brandProblems({ ...valid, colors: { primary: 'red', background: '#000' } })).toEqual([
      expect.stringMatching(/^colors.primary/),
    ]);
    expect(brandProblems({ ...valid, trial: { username: 'demo' } })).toEqual([
      expect.stringMatching(/^trial/),
    ]);
    expect(brandProblems({ ...valid, downloads: [{ url: '/x' }] })).toEqual([
      expect.stringMatching(/^downloads/),
    ]);
    expect(brandProblems(null).length).toBeGreaterThan(5);
  });
});
