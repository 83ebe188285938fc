import { readFileSync } from 'node:fs';

/** Descriptors kept back for the database pool, HTTP clients, logs and the runtime itself. */
export const RESERVED_FILES = 1024;

/** The soft "Max open files" of this process (/proc/self/limits), or null where it cannot be read. */
export function openFilesLimit(limits?: string): number | null {
  let text = limits;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const m = /^Max open files\s+(\d+|unlimited)\s+/m.exec(text);
  if (!m) return null;
  return m[1] === 'unlimited' ? null : Number(m[1]);
}

/**
 * The connections the tracker ports may hold in all: the configured maximum, lowered to what the
 * file limit leaves after RESERVED_FILES, so the process never fails to open its own files.
 */
export function fittingMaxConnections(wanted: number, fileLimit: number | null): number {
  if (fileLimit == null) return wanted;
  return Math.max(1, Math.min(wanted, fileLimit - RESERVED_FILES));
}
