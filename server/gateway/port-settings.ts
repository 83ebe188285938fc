/**
 * The tracker port settings of the text families added in issue 19, in one place: config.ts reads
 * them, families.ts serves them, and test servers set each to 0 (any free port) from this list.
 * Defaults are the ports these devices are usually configured for (the ones Traccar documents).
 */
export const TEXT_FAMILY_PORTS = {
  h02: { env: 'H02_PORT', default: 5013 },
  tk103: { env: 'TK103_PORT', default: 5002 },
  meitrack: { env: 'MEITRACK_PORT', default: 5020 },
} as const;

export type TextFamily = keyof typeof TEXT_FAMILY_PORTS;

/** Every tracker port setting, for test servers that must not take the usual ports. */
export const TRACKER_PORT_ENVS = [
  'GT06_PORT',
  'JT808_PORT',
  'TELTONIKA_PORT',
  'OSMAND_PORT',
  ...Object.values(TEXT_FAMILY_PORTS).map((p) => p.env),
] as const;

/** `{ GT06_PORT: '0', ... }`: every tracker listener on a free port. */
export const anyFreeTrackerPorts = (): Record<string, string> =>
  Object.fromEntries(TRACKER_PORT_ENVS.map((env) => [env, '0']));
