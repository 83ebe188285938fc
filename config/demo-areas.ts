import { permissionsOf, type Permission } from './roles';

/**
 * What the demo account may see (system setting demoAccountSet), by area: the permission
 * prefixes each area covers. Permissions of no area (commands) follow the role, and writes
 * stay refused to the demo whatever is on.
 */
export const DEMO_AREAS = {
  monitor: ['main:'],
  track: ['track:'],
  stats: ['count:'],
  alarms: ['alarm:'],
  fence: ['fence:'],
  devices: ['device:'],
  accounts: ['agent:'],
  tire: ['tire:'],
  cards: ['card:', 'order:', 'pay:'],
} as const satisfies Record<string, readonly string[]>;
export type DemoArea = keyof typeof DEMO_AREAS;
export const DEMO_AREA_NAMES = Object.keys(DEMO_AREAS) as DemoArea[];

/** The demo's permissions: its role's, less those of the areas it may not see. */
export function demoPermissions(role: number | null | undefined, areas: readonly DemoArea[]): Permission[] {
  const hidden: string[] = DEMO_AREA_NAMES.filter((a) => !areas.includes(a)).flatMap((a) => [
    ...DEMO_AREAS[a],
  ]);
  return permissionsOf(role).filter((p) => !hidden.some((h) => p.startsWith(h)));
}
