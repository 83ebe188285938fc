import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocales } from '../../scripts/check-locales';

let dir: string | undefined;
function write(lng: string, ns: string, content: unknown) {
  mkdirSync(join(dir as string, lng), { recursive: true });
  writeFileSync(join(dir as string, lng, `${ns}.json`), JSON.stringify(content));
}
function setup(): string {
  dir = mkdtempSync(join(tmpdir(), 'locales-'));
  write('en', 'common', { a: 'A', nested: { b: 'Hello {{name}}' } });
  write('en', 'errors', { network: 'Network', required: 'Required' });
  return dir;
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('check-locales', () => {
  it('passes the project locales', () => {
    const real = fileURLToPath(new URL('../../locales', import.meta.url));
    expect(checkLocales(real).problems).toEqual([]);
  });

  it('passes a complete translation and lists texts still in English', () => {
    const root = setup();
    write('fr', 'common', { a: 'A', nested: { b: 'Bonjour {{name}}' } });
    write('fr', 'errors', { network: 'Réseau', required: 'Obligatoire' });
    const report = checkLocales(root, ['en', 'fr'], { network: 'Network', required: 'Required' });
    expect(report.problems).toEqual([]);
    expect(report.sameAsEnglish).toEqual({ fr: ['common:a'] });
  });

  it('names missing and extra keys, missing files and lost placeholders', () => {
    const root = setup();
    write('fr', 'common', { a: 'A', nested: { b: 'Bonjour' }, extra: 'x' });
    write('fr', 'other', { x: 'y' });
    const { problems } = checkLocales(root, ['en', 'fr', 'ru'], { network: 'Network', required: 'Required' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'fr/other.json: namespace not in en',
        'fr/common.json has keys not in en: extra',
        'fr/common.json nested.b: placeholders differ from en ({{name}})',
        'fr/errors.json is missing',
        'ru/common.json is missing',
      ]),
    );
  });

  it('fails when errors misses a MESSAGES key or changed its text, and on empty texts', () => {
    const root = setup();
    write('fr', 'common', { a: '', nested: { b: 'Bonjour {{name}}' } });
    write('fr', 'errors', { network: 'Réseau' });
    const { problems } = checkLocales(root, ['en', 'fr'], {
      network: 'Network!',
      required: 'Required',
      sessionExpired: 'Expired',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'en/errors.json misses MESSAGES keys: sessionExpired',
        'en/errors.json network: differs from MESSAGES ("Network!")',
        'fr/errors.json misses: required',
        'fr/common.json a: empty or not a text',
      ]),
    );
  });
});
