import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRAND_FILES } from '../../config/brands';
import { brandProblems, isBrand, pickBrand, type Brand } from '../../src/domain/brand';
import { BrandFileError, loadBrands } from '../../server/services/brand';

const brandsDir = fileURLToPath(new URL('../../config/brands/', import.meta.url));
const logosDir = fileURLToPath(new URL('../../public/brands/', import.meta.url));

const valid: Brand = {
  id: 'acme',
  title: 'Acme',
  logo: 'default.svg',
  colors: { primary: '#123456', background: '#fff' },
  loginPath: '/acme/login',
  loginVariant: 'split',
  language: 'fr',
  mapType: 'Yandex',
  map: { center: [2.35, 48.85], zoom: 11 },
  contact: { company: 'Acme SA', email: 'hi@acme.example' },
  downloads: [{ labelKey: 'downloads.apiDocs', url: '/api/docs' }],
  trial: null,
  hosts: ['acme.example'],
};

describe('shipped brand files', () => {
  it('the web app bundles every JSON file of config/brands', () => {
    const files = readdirSync(brandsDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    expect(Object.keys(BRAND_FILES).sort()).toEqual(files.sort());
    expect(files.length).toBeGreaterThanOrEqual(3);
  });
  it.each(Object.entries(BRAND_FILES))('%s is valid, named by its id, with its logo', (id, brand) => {
    expect(brandProblems(brand)).toEqual([]);
    expect((brand as Brand).id).toBe(id);
    expect(existsSync(`${logosDir}${(brand as Brand).logo}`)).toBe(true);
  });
  it('the demo brands differ from the default in variant, language and map', () => {
    const variants = new Set(Object.values(BRAND_FILES).map((b) => (b as Brand).loginVariant));
    const languages = new Set(Object.values(BRAND_FILES).map((b) => (b as Brand).language));
    expect(variants.size).toBeGreaterThanOrEqual(3);
    expect(languages.size).toBeGreaterThanOrEqual(3);
  });
  it('the server loads them all', () => {
    const brands = loadBrands('default');
    expect(brands.fallback.id).toBe('default');
    expect(brands.loginPaths).toEqual(['/login', '/bengps/login', '/trackpro/login']);
  });
});

describe('brand schema', () => {
  it('accepts a complete brand', () => {
    expect(brandProblems(valid)).toEqual([]);
    expect(isBrand(valid)).toBe(true);
  });
  it.each([
    [{ mapType: 'Bing' }, 'mapType: one of Baidu, Google, GaoDe, Yandex'],
    [{ language: 'de' }, 'language: one of cn, en, vi'],
    [{ loginVariant: 'fancy' }, 'loginVariant: one of centered, split, minimal'],
    [{ loginPath: '/acme' }, "loginPath: '/login' or '/<name>/login'"],
    [{ logo: '../x.svg' }, 'logo: a file name under public/brands/'],
    [{ colors: { primary: 'red', background: '#000' } }, 'colors.primary: a #rgb or #rrggbb colour'],
    [{ trial: { username: 'demo' } }, 'trial: {username, password} of the demo account, or null'],
    [{ downloads: [{ url: '/x' }] }, 'downloads.0.labelKey: required'],
    [{ map: { center: [200, 10], zoom: 3 } }, 'map.center.0: a longitude, -180 to 180'],
    [{ map: { center: [2, 48], zoom: 30 } }, 'map.zoom: a whole zoom level, 1 to 18'],
    [{ contact: { company: 'A', email: 'nope' } }, 'contact.email: an e-mail address'],
    [{ hosts: ['Acme.Example'] }, 'hosts.0: a lower-case host name'],
    [{ colour: '#fff' }, 'colour: unknown field'],
  ])('names the wrong field of %j', (change, message) => {
    const problems = brandProblems({ ...valid, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
  it('lists every missing field', () => {
    const problems = brandProblems({});
    expect(problems).toContain('id: required');
    expect(problems).toContain('map: required');
    expect(problems.length).toBeGreaterThan(10);
  });
});

describe('picking the brand of a request', () => {
  const other: Brand = { ...valid, id: 'other', loginPath: '/login', hosts: ['other.example'] };
  const def: Brand = { ...valid, id: 'default', loginPath: '/login', hosts: [] };
  const all = [def, valid, other];
  it.each([
    [{ path: '/acme/login' }, 'acme'],
    [{ path: '/acme/login/', host: 'other.example' }, 'acme'],
    [{ brand: 'acme' }, 'acme'],
    [{ path: '/login', host: 'other.example' }, 'other'],
    [{ host: 'OTHER.example:8125' }, 'other'],
    [{ brand: 'gone', host: 'acme.example' }, 'acme'],
    [{ path: '/gone/login', host: 'nowhere' }, 'default'],
    [{}, 'default'],
  ])('%j → %s', (hint, id) => {
    expect(pickBrand(all, hint, 'default').id).toBe(id);
  });
});

describe('loading a folder of brand files', () => {
  const folder = (files: Record<string, unknown>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brands-'));
    for (const [name, value] of Object.entries(files))
      writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
    return dir;
  };
  const problemsOf = (dir: string, defaultId = 'default') => {
    try {
      loadBrands(defaultId, dir, logosDir);
    } catch (e) {
      expect(e).toBeInstanceOf(BrandFileError);
      return (e as BrandFileError).message;
    }
    return '';
  };
  const def = { ...valid, id: 'default', loginPath: '/login', hosts: [] };

  it('stops with the file and the field of each problem', () => {
    const dir = folder({
      'default.json': def,
      'acme.json': { ...valid, colors: { primary: '#12', background: '#fff' } },
      'broken.json': '{ "id": ',
      'named.json': { ...valid, id: 'other', loginPath: '/other/login', hosts: [] },
      'twin.json': { ...valid, id: 'twin', hosts: [] },
    });
    const message = problemsOf(dir);
    expect(message).toContain('acme.json: colors.primary: a #rgb or #rrggbb colour');
    expect(message).toContain('broken.json: not JSON');
    expect(message).toContain("named.json: id must be the file name without .json ('other')");
    expect(message).not.toContain('twin.json: loginPath');
  });
  it('refuses two brands with one login path or host, a missing logo and a missing default', () => {
    const dir = folder({
      'default.json': def,
      'acme.json': valid,
      'acme2.json': { ...valid, id: 'acme2' },
      'nologo.json': { ...valid, id: 'nologo', logo: 'missing.svg', loginPath: '/x/login', hosts: [] },
    });
    const message = problemsOf(dir);
    expect(message).toContain('acme2.json: loginPath /acme/login is already used by acme.json');
    expect(message).toContain('acme2.json: host acme.example is already used by acme.json');
    expect(message).toContain('nologo.json: logo: public/brands/missing.svg does not exist');
    expect(problemsOf(folder({ 'acme.json': valid }))).toContain('BRAND=default: no valid');
  });
  it('accepts a valid folder', () => {
    expect(problemsOf(folder({ 'default.json': def, 'acme.json': valid }))).toBe('');
  });
});
