import { Row, Type } from '../../lib/schema/response';
import type { TProperties } from 'typebox';

/** Answer pieces shared by the factory routes (issue 16: every route declares its answer). */

export const Str = () => Type.String();
export const Int = () => Type.Integer();
export const Time = () => Type.String({ format: 'date-time' });

/** The common part of a pasted or uploaded line's report: `row` counts from 1, `key` says why it failed. */
export const lineFields = {
  row: Type.Integer({ minimum: 1, description: 'Line number, from 1' }),
  terminalID: Type.String(),
  ok: Type.Boolean(),
  key: Type.Optional(Type.String({ description: 'Message key (src/domain/messages.ts) of a refused line' })),
};

/** One line of a per-line report, with the fields the operation adds. */
export const ReportLine = <P extends TProperties>(extra: P = {} as P) => Row({ ...lineFields, ...extra });
