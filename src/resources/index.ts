import type { Permission } from '../../config/roles';
import { agentResources } from './agent';
import { alarmResources } from './alarms';
import { cardResources } from './card';
import { countResources } from './count';
import { deviceResources } from './device';
import { fenceResources } from './fence';
import { helpResources } from './help';
import { monitorResources } from './monitor';
import { notifyResources } from './notify';
import { orderResources } from './order';
import { payResources } from './pay';
import { systemResources } from './system';
import { commandResources } from './test/commands';
import { logisticsResources } from './test/logistics';
import { logResources } from './test/logs';
import { otaResources } from './test/ota';
import { transferResources } from './test/transfer';
import { qualityResources } from './test/quality';
import { trackResources } from './track';
import type { ResourceDescriptor, ScreenParts } from './types';

/** Every entry in menu order: the reseller area (/index) first, then the factory area (/test). */
export const RESOURCES: readonly ResourceDescriptor[] = [
  ...monitorResources,
  ...countResources,
  ...agentResources,
  ...deviceResources,
  ...fenceResources,
  ...trackResources,
  ...alarmResources,
  ...notifyResources,
  ...orderResources,
  ...cardResources,
  ...payResources,
  ...systemResources,
  ...helpResources,
  ...qualityResources,
  ...commandResources,
  ...otaResources,
  ...transferResources,
  ...logResources,
  ...logisticsResources,
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));
const byPath = new Map(RESOURCES.filter((r) => r.path).map((r) => [r.path as string, r]));

export const findResource = (name: string) => byName.get(name);
export const resourceAtPath = (path: string) => byPath.get(path);
export const childrenOf = (name: string) => RESOURCES.filter((r) => r.parent === name);

/**
 * A descriptor-driven screen's entity and view, from its area's registry (loaded on demand). The
 * generic page gets the registry with its chunk; checks of the descriptors read them here.
 */
export async function screenParts(name: string): Promise<ScreenParts | undefined> {
  const r = byName.get(name);
  return r?.generic ? (await r.generic())[name] : undefined;
}

/**
 * A screen's own permissions; a group's are the union of its children's, or undefined (open)
 * when any child is open to every logged-in user.
 */
export function permissionsOfResource(name: string): readonly Permission[] | undefined {
  const r = byName.get(name);
  if (!r) return undefined;
  if (r.path) return r.permissions;
  const union = new Set<Permission>();
  for (const child of childrenOf(name)) {
    const own = permissionsOfResource(child.name);
    if (!own || own.length === 0) return undefined;
    own.forEach((p) => union.add(p));
  }
  return [...union];
}

export type { ResourceDescriptor } from './types';
