import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_HOME, ROLE_NAMES, homeOf, isFactoryRole, type RoleValue } from '../../config/roles';
import { guardRoute } from '../../src/domain/routeGuard';
import { RESOURCES, findResource, permissionsOfResource, resourceAtPath } from '../../src/resources';
import { menuFor, type MenuNode } from '../../src/resources/menu';

const enMenu = JSON.parse(
  readFileSync(new URL('../../locales/en/menu.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const paths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.resource.path ? [n.resource.path] : paths(n.children)));
const userOf = (role: number) => ({ id: 100 + role, role });

const RESOURCES_DIR = fileURLToPath(new URL('../../src/resources/', import.meta.url));
/** A relative import's file under src/resources, if it is one. */
const resolveIn = (from: string, spec: string) =>
  [`${spec}.ts`, `${spec}/index.ts`]
    .map((s) => join(dirname(from), s))
    .find((f) => f.startsWith(RESOURCES_DIR) && existsSync(f));
/** The modules under src/resources a module loads with it (value imports, not `import type`). */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
      const dep = resolveIn(file, m[1]);
      if (dep) visit(dep);
    }
  };
  entries.forEach(visit);
  return seen;
}
/** What the modules load on demand: the targets of their dynamic imports under src/resources. */
const dynamicTargets = (files: Iterable<string>) =>
  [...files].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bimport\('(\.[^']+)'\)/g)].flatMap(
      (m) => resolveIn(file, m[1]) ?? [],
    ),
  );

describe('resource descriptors', () => {
  it('have unique names and paths, existing parents and a translated label', () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const routePaths = RESOURCES.flatMap((r) => (r.path ? [r.path] : []));
    expect(new Set(routePaths).size).toBe(routePaths.length);
    for (const r of RESOURCES) {
      if (r.parent) expect(findResource(r.parent)?.path, `${r.name}'s parent is a group`).toBeUndefined();
      expect(enMenu[r.labelKey], `menu label ${r.labelKey}`).toBeTypeOf('string');
      expect(r.path ?? '/index/ or /test/').toMatch(/^\/(index|test)\//);
    }
  });

  it('stay light: the entities and views load with their screens, not with the menu and the routes', () => {
    const light = staticClosure([join(RESOURCES_DIR, 'index.ts'), join(RESOURCES_DIR, 'menu.ts')]);
    // The areas' registries, and the lists the hand-written pages draw.
    const registries = dynamicTargets(light);
    const lists = ['notify/lists.ts', 'system/apiKey.ts', 'areaLists.ts'].map((f) => join(RESOURCES_DIR, f));
    const heavy = staticClosure([...registries, ...lists]);
    expect(registries.length).toBeGreaterThan(10);
    expect(heavy).toContain(join(RESOURCES_DIR, 'device/fields.ts'));
    expect(light).toContain(join(RESOURCES_DIR, 'device.ts'));
    const both = [...light].filter((f) => heavy.has(f)).map((f) => relative(RESOURCES_DIR, f));
    expect(both).toEqual([]);
  });

  it('give groups the union of their children permissions', () => {
    expect(permissionsOfResource('agentGroup')).toEqual(
      expect.arrayContaining(['agent:list', 'agent:importNum']),
    );
    expect(permissionsOfResource('deviceList')).toEqual(['device:list']);
  });

  it.each(ROLE_NAMES)('route the home page of %s to a screen the role may open', (name) => {
    const role = ROLE[name] as RoleValue;
    const home = ROLE_HOME[role];
    if (home === null) return;
    expect(resourceAtPath(home), home).toBeDefined();
    const user = userOf(role);
    expect(guardRoute({ path: home, user, loginPaths: ['/login'], findRoute: resourceAtPath })).toEqual({
      kind: 'allow',
    });
    expect(paths(menuFor(user))).toContain(home);
  });
});

describe('menu per role', () => {
  it('shows an agent the monitor, agent and device management', () => {
    const menu = paths(menuFor(userOf(ROLE.agent)));
    expect(menu).toEqual(
      expect.arrayContaining(['/index/home', '/index/agent/agentList', '/index/device/deviceList']),
    );
    expect(menu.some((p) => p.startsWith('/test/'))).toBe(false);
    expect(menu).not.toContain('/index/system/mapKey');
  });

  it('hides agent and device management from an end user', () => {
    const menu = paths(menuFor(userOf(ROLE.user)));
    expect(menu).toContain('/index/home');
    expect(menu.some((p) => p.startsWith('/index/agent/'))).toBe(false);
    expect(menu).not.toContain('/index/device/deviceList');
    expect(menuFor(userOf(ROLE.user)).map((n) => n.resource.name)).not.toContain('agentGroup');
  });

  it('shows factory roles only their test screens', () => {
    for (const role of Object.values(ROLE).filter(isFactoryRole)) {
      const menu = paths(menuFor(userOf(role)));
      expect(menu.length, `role ${role}`).toBeGreaterThan(0);
      expect(
        menu.every((p) => p.startsWith('/test/')),
        `role ${role}: ${menu}`,
      ).toBe(true);
      expect(menu).toContain(homeOf(role));
    }
    const stock = paths(menuFor(userOf(ROLE.testStockUser)));
    expect(stock.sort()).toEqual(
      [
        '/test/iccid',
        '/test/stock/Removal',
        '/test/stock/importDevice',
        '/test/stock/importImei',
        '/test/stock/records',
        '/test/stock/stockDevice',
      ].sort(),
    );
  });

  it('shows admin everything and a superAgent or nobody nothing', () => {
    expect(paths(menuFor(userOf(ROLE.admin))).length).toBe(
      RESOURCES.filter((r) => r.path && !r.hidden).length,
    );
    expect(menuFor(userOf(ROLE.superAgent))).toEqual([]);
    expect(menuFor(null)).toEqual([]);
  });
});
