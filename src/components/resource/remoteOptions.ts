import type { RemoteOptions } from '../../resources/types';

export type Option = { value: string | number; label: string };

/** A select's options from a list answer (`{list}`) or a plain array: one per row. Pure. */
export function remoteOptionsOf(answer: unknown, from: RemoteOptions): Option[] {
  const rows = Array.isArray(answer) ? answer : ((answer as { list?: unknown[] } | null)?.list ?? []);
  return (rows as Record<string, unknown>[]).map((r) => ({
    value: r[from.value] as string | number,
    label: from.label(r),
  }));
}
