import { useEffect, useState } from 'react';
import type { CommandDef, DeviceTypeCommandConfig } from '../../domain/command-set';
import { request } from '../../providers/http';

export type CommandSets = Record<string, DeviceTypeCommandConfig>;

/** Every device type's command set (findAllConfigTion), read when a screen opens. */
export function useCommandSets() {
  const [sets, setSets] = useState<CommandSets | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    request<CommandSets>('/config/findAllConfigTion', {}).then(
      (s) => live && setSets(s),
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, []);
  return { sets, error };
}

/**
 * The commands a batch over several device types may send: each key once, in the order the
 * sets list them (a device whose type lacks the command is reported by the server).
 */
export function unionOfSets(sets: CommandSets): CommandDef[] {
  const seen = new Map<string, CommandDef>();
  for (const set of Object.values(sets))
    for (const c of set.commands) if (!seen.has(c.key)) seen.set(c.key, c);
  return [...seen.values()];
}
