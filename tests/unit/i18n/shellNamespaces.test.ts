import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../config/roles';
import { NAMESPACES } from '../../../src/i18n';
import { APP_NAMESPACES, groupOfNamespace, SHELL_SCREENS } from '../../../src/i18n/groups';
import { namespacesIn, reachableModules } from './namespaceScan';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The page of each screen MainLayout shows without the `screens` texts (groups.ts SHELL_SCREENS). */
const SHELL_SCREEN_PAGES: Record<string, string> = { home: 'src/pages/monitor/MonitorPage.tsx' };

/** Public pages outside the layout that src/AppRoutes.tsx puts behind a gate of their own. */
const GATED_PUBLIC_PAGES: Record<string, string> = { ProbePage: 'src/pages/probe/ProbePage.tsx' };

/**
 * The signed-in app up to its screens: the shell chunk (layout, routes, public pages, all they
 * open in place) and the monitor. The route table (src/resources) is not entered: the screens it
 * loads are shown behind MainLayout's gate, which waits for the `screens` texts.
 */
const reached = reachableModules(
  REPO,
  ['src/shell/AuthenticatedApp.tsx', ...Object.values(SHELL_SCREEN_PAGES)],
  (file) => file.startsWith('src/resources/') || Object.values(GATED_PUBLIC_PAGES).includes(file),
);
/** Permissions are written as keys are (`device:list`). */
const permissions = new Set<string>(Object.values(PERMISSIONS));
const uses = reached.map((file) => ({
  file,
  ...namespacesIn(readFileSync(join(REPO, file), 'utf8'), NAMESPACES, permissions),
}));
const used = new Set(uses.flatMap((u) => [...u.namespaces]));

describe('the texts loaded with the signed-in app cover the shell and the monitor', () => {
  it('scans every screen MainLayout shows without waiting for the screens texts', () => {
    expect(Object.keys(SHELL_SCREEN_PAGES).sort()).toEqual([...SHELL_SCREENS].sort());
  });

  it('reaches the layout, the monitor and what they open lazily', () => {
    for (const file of [
      'src/components/layout/MainLayout.tsx',
      'src/components/layout/AccountDialog.tsx',
      'src/components/LanguageSelect.tsx',
      'src/pages/monitor/DevicePanel.tsx',
      'src/pages/monitor/AlarmRecent.tsx',
      'src/pages/monitor/AgentTreeSelect.tsx',
      'src/pages/pay/PayResultPage.tsx',
    ])
      expect(reached).toContain(file);
    expect(reached.some((f) => f.startsWith('src/resources/'))).toBe(false);
    expect(reached).not.toContain('src/pages/track/TrackPage.tsx');
  });

  it('passes over only the public pages that wait for the screens texts themselves', () => {
    const routes = readFileSync(join(REPO, 'src/AppRoutes.tsx'), 'utf8');
    for (const page of Object.keys(GATED_PUBLIC_PAGES))
      expect(routes).toMatch(new RegExp(`<TextGroupsGate groups={\\['screens'\\]} />\\s*<${page} />`));
  });

  it('uses no namespace of the screens group', () => {
    const outside = uses
      .map(({ file, namespaces }) => ({
        file,
        ns: [...namespaces].filter((n) => groupOfNamespace(n) === 'screens'),
      }))
      .filter((u) => u.ns.length > 0);
    expect(outside).toEqual([]);
  });

  it('names every namespace it uses literally, so the scan above sees them all', () => {
    expect(
      uses.filter((u) => u.unreadable.length > 0).map((u) => `${u.file}: ${u.unreadable.join(', ')}`),
    ).toEqual([]);
  });

  it('uses every namespace of the app group (none is loaded for nothing)', () => {
    for (const ns of APP_NAMESPACES) expect(used).toContain(ns);
  });
});

describe('the namespace scan', () => {
  const scan = (source: string) => namespacesIn(source, NAMESPACES);

  it("reads useTranslation's namespaces, the default one included, and ns: prefixes of keys", () => {
    expect(
      [
        ...scan(`const { t } = useTranslation(['monitor', "alarm"]); t('order:actions.renew');`).namespaces,
      ].sort(),
    ).toEqual(['alarm', 'monitor', 'order']);
    expect([...scan('const { t } = useTranslation();').namespaces]).toEqual(['common']);
    expect([...scan("i18n.t(`track:speed.${unit}`); t('x', { ns: 'fence' })").namespaces].sort()).toEqual([
      'fence',
      'track',
    ]);
  });

  it('ignores comments, strings that name no namespace of the app and what the caller says is no key', () => {
    expect([
      ...scan("/** keys of `pay:cards.*` */\n// t('qc:x')\nconst u = 'https://x'; t('device.name')")
        .namespaces,
    ]).toEqual([]);
    expect([
      ...namespacesIn("can('device:list') && t('device:title')", NAMESPACES, new Set(['device:list']))
        .namespaces,
    ]).toEqual(['device']);
    expect([...namespacesIn("can('device:list')", NAMESPACES, new Set(['device:list'])).namespaces]).toEqual(
      [],
    );
  });

  it('reports a namespace it cannot read', () => {
    expect(scan('useTranslation(entity.namespace)').unreadable).toEqual(['useTranslation(entity.namespace)']);
    expect(scan('t(`${ns}:title`)').unreadable).toEqual(['t(`${ns}:']);
    expect(scan('const url = `${protocol}://${host}`').unreadable).toEqual([]);
    expect(scan("t('title', { ns })").unreadable).toHaveLength(1);
    expect(scan("t('title', { ns: props.ns })").unreadable).toHaveLength(1);
  });

  it('follows static, re-exported and dynamic imports, not type-only ones, and stops where told', () => {
    const files = reachableModules(REPO, ['src/pages/monitor/AlarmBell.tsx'], (f) => f.endsWith('/beep.ts'));
    expect(files).toContain('src/pages/monitor/texts.ts');
    expect(files).toContain('src/pages/monitor/AlarmRecent.tsx');
    expect(files).not.toContain('src/pages/monitor/beep.ts');
  });
});
