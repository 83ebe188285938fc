/**
 * Response schemas (issue 16): every /api route declares what it answers, so the OpenAPI
 * document is complete and tests/api/openapi.test.ts can check real answers against it.
 *
 * The schemas document; they do not filter. server/app.ts serializes with JSON.stringify, so a
 * field a schema forgets is still sent (and the conformance test, not a silent strip, finds it).
 * Objects therefore allow extra properties; what they declare must match.
 */
import { Type, type TSchema } from 'typebox';
import { SHEET_MIME } from '../../../src/sheets';

type Opts = Record<string, unknown>;

/** meta of the envelope (server/lib/envelope.ts). */
export const MetaSchema = Type.Object({
  success: Type.Boolean(),
  code: Type.Integer({ description: '200 on success; an HTTP status or a spec code (9902, 9906, 201…)' }),
  message: Type.String(),
  key: Type.Optional(Type.String({ description: 'Message key of src/domain/messages.ts' })),
  params: Type.Optional(Type.Object({})),
});

/** `{meta, data}` with `data` as given. */
export const Envelope = <T extends TSchema>(data: T, o: Opts = {}) =>
  Type.Object({ meta: MetaSchema, data }, o);

/** The answer of a failed call: data is null or the failure's detail (e.g. a per-line report). */
export const ErrorEnvelope = Type.Object(
  { meta: MetaSchema, data: Type.Unknown() },
  { description: 'meta.success false; meta.key names the message' },
);

/**
 * The `response` part of a route schema: 200 carries `data`, errors the error envelope.
 *   schema: { body: ..., response: replies(Type.Array(Row)) }
 */
export const replies = <T extends TSchema>(data: T, description = 'Success') => ({
  200: Envelope(data, { description }),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

/** A route answering `data: null` on success. */
export const repliesNull = (description = 'Done') => replies(Type.Null(), description);

/** A value or null (a nullable column). */
export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** A timestamp as sent (ISO 8601 text), or null. */
export const Stamp = () => Nullable(Type.String({ format: 'date-time' }));

/** A page of a list request: `{list, total}`. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }) });

/** A row: the listed fields typed; further fields allowed (see above). */
export const Row = Type.Object;

/**
 * An answer that is not JSON (a file download, a redirect, a tracker's reply): the `response`
 * part documents its content type instead of an envelope.
 */
export const binaryReply = (contentType: string, description = 'File') => ({
  200: { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } },
  '4xx': ErrorEnvelope,
});

export { Type };

/**
 * A sheet export (src/sheets, server/lib/send-file.ts): xlsx by default, csv when asked; the
 * header `x-export-truncated: 1` says rows were capped.
 */
export const sheetReply = (description = 'The rows as xlsx (default) or csv') => ({
  200: {
    description,
    content: Object.fromEntries(
      Object.values(SHEET_MIME).map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
    ),
  },
  '4xx': ErrorEnvelope,
});
