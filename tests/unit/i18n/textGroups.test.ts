import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/domain/constants';
import { TextGroupsGate } from '../../../src/components/TextGroupsGate';
import { i18n, loadLanguage, loadTextGroups, NAMESPACES, textGroupsLoaded } from '../../../src/i18n';
import { localeChunkName } from '../../../src/i18n/chunkName';
import { APP_NAMESPACES, groupOfNamespace, type TextGroup } from '../../../src/i18n/groups';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const source = (file: string) => readFileSync(`${REPO}${file}`, 'utf8');
/** The namespaces a glob pattern names in braces (`locales/*\/{a,b}.json`). */
const braced = (pattern: string): string[] => /\{([\w,]+)\}\.json/.exec(pattern)?.[1].split(',').sort() ?? [];
const patterns = (file: string) =>
  [...source(file).matchAll(/'(!?\.\.\/\.\.\/locales\/[^']+)'/g)].map((m) => m[1]);
const namespacesOf = (group: TextGroup) => NAMESPACES.filter((ns) => groupOfNamespace(ns) === group).sort();

describe('text groups', () => {
  it('puts each namespace in one group: login, errors, the signed-in app, or the other screens', () => {
    expect(namespacesOf('login')).toEqual(['common', 'login']);
    expect(namespacesOf('errors')).toEqual(['errors']);
    expect(namespacesOf('app')).toEqual([...APP_NAMESPACES].sort());
    expect(namespacesOf('screens')).toContain('track');
    expect(namespacesOf('screens')).toContain('command');
    const files = readdirSync(`${REPO}locales/en`).map((f) => f.replace(/\.json$/, ''));
    expect([...NAMESPACES].sort()).toEqual(files.sort());
  });

  it('has the loaders name the namespaces of their group (the bundler needs literal patterns)', () => {
    const [login] = patterns('src/i18n/index.ts');
    expect(braced(login)).toEqual([...namespacesOf('login'), ...namespacesOf('errors')].sort());
    expect(patterns('src/i18n/appTexts.ts').map(braced)).toEqual([namespacesOf('app')]);
    const [all, except] = patterns('src/i18n/screenTexts.ts');
    expect(all).toBe('../../locales/*/*.json');
    expect(except.startsWith('!')).toBe(true);
    expect(braced(except)).toEqual(NAMESPACES.filter((ns) => groupOfNamespace(ns) !== 'screens').sort());
  });

  it('gives each group of each language a build chunk of its own', () => {
    for (const lng of LANGUAGES) {
      expect(localeChunkName(`/app/locales/${lng}/monitor.json`)).toBe(`locale-${lng}-app`);
      expect(localeChunkName(`/app/locales/${lng}/alarm.json`)).toBe(`locale-${lng}-app`);
      expect(localeChunkName(`/app/locales/${lng}/track.json`)).toBe(`locale-${lng}-screens`);
      expect(localeChunkName(`/app/locales/${lng}/command.json`)).toBe(`locale-${lng}-screens`);
    }
  });
});

describe('loading the groups a page needs', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', ns: [...NAMESPACES], resources: {}, partialBundledLanguages: true });
  });

  it('loads a group of the language shown once asked, and only that group', async () => {
    expect(textGroupsLoaded(['screens'])).toBe(false);
    await loadTextGroups(['screens']);
    expect(textGroupsLoaded(['screens'])).toBe(true);
    expect(textGroupsLoaded(['screens'], 'fr')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'track')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'monitor')).toBe(false);
    expect(i18n.t('track:query', { lng: 'en' })).toBe('Show tracks');
  });

  it('loads the groups asked for so far with every other language', async () => {
    await loadLanguage('fr');
    expect(textGroupsLoaded(['screens', 'login'], 'fr')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'track')).toBe(true);
    expect(textGroupsLoaded(['app'], 'fr')).toBe(false);
    expect(i18n.hasResourceBundle('fr', 'monitor')).toBe(false);
  });

  it('has the gate suspend until its groups are in, then let the content show', async () => {
    let thrown: unknown;
    try {
      TextGroupsGate({ groups: ['app'] });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(TextGroupsGate({ groups: ['app'] })).toBeNull();
    expect(i18n.hasResourceBundle('en', 'monitor')).toBe(true);
  });
});
