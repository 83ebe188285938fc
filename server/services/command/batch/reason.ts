import {
  matchCommand,
  renderCommand,
  type CommandDef,
  type ParamProblem,
  type ParamValues,
} from '../../../../src/domain/command-set';
import { MESSAGES, type MessageKey } from '../../../../src/domain/messages';
import type { Db } from '../../../db/client';
import { interpolate } from '../../../lib/localize';
import { commandSetOf } from '../resolve';

/** What an item's reason needs to be told: the batch's command and the device's type. */
export interface ReasonSource {
  reason: string | null;
  deviceType: string | null;
  commandKey: string | null;
  params: ParamValues | null;
  batchContent: string | null;
}

/** The parameter the batch's command breaks for a device type's set, as resolveAgainst finds it. */
function paramProblem(defs: readonly CommandDef[], s: ReasonSource): ParamProblem | null {
  const def = s.commandKey ? defs.find((c) => c.key === s.commandKey) : undefined;
  const match = def ? { def, values: s.params ?? {} } : matchCommand(defs, s.batchContent ?? '');
  if (!match) return null;
  const r = renderCommand(match.def, match.values);
  return 'problem' in r ? r.problem : null;
}

/**
 * The English text of each item's reason. A refused parameter's text names the field and its
 * bounds ("interval must be from 10 to 18000"); the item keeps only the key, and the values
 * come back from the batch's command checked again against the device type's set: the same
 * for every device of the type, so a page costs one set read per type.
 */
export async function reasonTexts(db: Db, rows: readonly ReasonSource[]) {
  return Promise.all(
    rows.map(async (r) => {
      if (!r.reason || !(r.reason in MESSAGES)) return { message: r.reason, params: null };
      const text = MESSAGES[r.reason as MessageKey];
      if (!text.includes('{{') || !r.deviceType) return { message: text, params: null };
      const problem = paramProblem(await commandSetOf(db, r.deviceType), r);
      return { message: interpolate(text, problem?.params), params: problem?.params ?? null };
    }),
  );
}
