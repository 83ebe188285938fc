import type { MessageKey } from './messages';

/**
 * One command sent to many devices (issue 13 part 3, spec multipleCmd): the item states, which
 * of them count as settled or failed in the progress, and the offline-import line format.
 * Shared by the server and the batch command screen.
 */

export const COMMAND_BATCH_STATUSES = ['running', 'done', 'cancelled', 'interrupted'] as const;
export type CommandBatchStatus = (typeof COMMAND_BATCH_STATUSES)[number];

export const COMMAND_ITEM_STATUSES = [
  'pending',
  'sent',
  'success',
  'error',
  'timeout',
  'queued',
  'failed',
  'cancelled',
] as const;
export type CommandItemStatus = (typeof COMMAND_ITEM_STATUSES)[number];

/** States an item does not leave: the progress counts them as done. */
export const SETTLED_ITEM_STATUSES: readonly CommandItemStatus[] = [
  'success',
  'error',
  'timeout',
  'queued',
  'failed',
  'cancelled',
];

/** States the progress counts as failed (a queued command is not a failure: it waits). */
export const FAILED_ITEM_STATUSES: readonly CommandItemStatus[] = ['failed', 'timeout', 'error'];

export const isFailedItem = (s: CommandItemStatus) => FAILED_ITEM_STATUSES.includes(s);

/** Rows one batch export may hold (x-export-truncated says when more matched). */
export const COMMAND_BATCH_EXPORT_MAX = 100_000;

/** Characters of a pasted offline-command list: 10,000 lines of an IMEI and a command. */
export const OFFLINE_IMPORT_TEXT_MAX = 2_500_000;

/** One line of an offline-command import: the device and, when the line gives one, its command. */
export interface OfflineImportLine {
  line: number;
  imei: string;
  /** The line's own command text; absent when the line holds only the IMEI. */
  content?: string;
}

/**
 * The offline import's text form: one `IMEI` or `IMEI,command text` per line (the command may
 * hold commas itself, "SOS,A,123#"; only the first comma separates), blank lines skipped and
 * counted, so a reported line number is the one the user sees in the pasted text.
 */
export function parseOfflineImportLines(text: string): OfflineImportLine[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const l = raw.trim();
    if (!l) return [];
    const comma = l.indexOf(',');
    if (comma < 0) return [{ line: i + 1, imei: l }];
    const content = l.slice(comma + 1).trim();
    return [{ line: i + 1, imei: l.slice(0, comma).trim(), ...(content ? { content } : {}) }];
  });
}

/** What happened to one line of an offline-command import (the device import's report shape). */
export interface OfflineImportResult {
  line: number;
  imei: string;
  ok: boolean;
  key?: MessageKey;
  offlineCommandId?: number;
}
