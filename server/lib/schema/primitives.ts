/**
 * The bounded schema primitives (issue 10). Every route's request schema is built from these,
 * and server/lib/schema/check.ts refuses to start a server with a route whose schema holds an
 * unbounded number, string or array: a value the database cannot hold, or a NUL it refuses,
 * is answered 400 by validation instead of 500 by the database.
 */
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import {
  ARRAY_ITEMS_MAX,
  BIG_ID_MAX,
  INT32_MAX,
  LIST_LINES_MAX,
  LIST_TEXT_MAX,
  NAME_MAX,
  TERMINAL_ID_MAX,
} from '../../../src/domain/limits';
import { PAGE_SIZE_MAX } from '../../../src/domain/constants';

/** Text a person types on one line: no control characters (NUL, line breaks, C1). */
export const SINGLE_LINE_PATTERN = '^[^\\x00-\\x1F\\x7F-\\x9F]*$';
/** Pasted lists and multi-line remarks: tabs and line breaks, no other control characters. */
export const MULTI_LINE_PATTERN = '^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F]*$';
/** Opaque tokens and ids made by machines: printable ASCII only. */
export const TOKEN_PATTERN = '^[\\x21-\\x7E]*$';
/** Patterns whose failure means "control characters", so the error names that. */
export const CONTROL_CHAR_PATTERNS = new Set([SINGLE_LINE_PATTERN, MULTI_LINE_PATTERN]);

type Opts = Record<string, unknown>;

/** An integer within [minimum, maximum]; both bounds are required (`finite`: see ./ajv.ts). */
export const Int = (minimum: number, maximum: number, o: Opts = {}) =>
  Type.Integer({ minimum, maximum, finite: true, ...o });

/** A finite number within [minimum, maximum]. */
export const Num = (minimum: number, maximum: number, o: Opts = {}) =>
  Type.Number({ minimum, maximum, finite: true, ...o });

/** A row id of a serial (int4) column. */
export const Id = (o: Opts = {}) => Int(1, INT32_MAX, o);

/** A row id of a bigserial column. */
export const BigId = (o: Opts = {}) => Int(1, BIG_ID_MAX, o);

/** A code of the spec (role, protocol, type...) as a smallint column holds it; services check the value. */
export const Code = (o: Opts = {}) => Int(0, 32_767, o);

/** A count or amount that fits an integer column. */
export const Count = (maximum = INT32_MAX, o: Opts = {}) => Int(0, maximum, o);

/** A one-line text a person types, at most `maxLength` characters. */
export const Text = (maxLength: number, o: Opts = {}) =>
  Type.String({ maxLength, pattern: SINGLE_LINE_PATTERN, ...o });

/** A non-empty one-line text. */
export const Required = (maxLength: number, o: Opts = {}) => Text(maxLength, { minLength: 1, ...o });

/** A multi-line text (pasted lists, remarks) with at most `maxLines` lines. */
export const MultiLine = (maxLength: number, maxLines: number, o: Opts = {}) =>
  Type.String({ maxLength, maxLines, pattern: MULTI_LINE_PATTERN, ...o });

/** One IMEI or ICCID per line, as the import and search screens paste them. */
export const LineList = (o: Opts = {}) => MultiLine(LIST_TEXT_MAX, LIST_LINES_MAX, o);

/** A printable ASCII token (session tokens, batch ids, hosts). */
export const Token = (maxLength: number, o: Opts = {}) =>
  Type.String({ maxLength, pattern: TOKEN_PATTERN, ...o });

/** A terminal id (IMEI or 808 number) as sent; the device rules check its exact shape. */
export const TerminalId = (o: Opts = {}) => Token(TERMINAL_ID_MAX, { minLength: 1, ...o });

/** An ISO 8601 date-time. */
export const DateTime = (o: Opts = {}) => Type.String({ format: 'date-time', maxLength: 40, ...o });

/** A calendar date, yyyy-MM-dd. */
export const DateOnly = (o: Opts = {}) => Type.String({ format: 'date', maxLength: 10, ...o });

/** An array of at most `maxItems` items. */
export const List = <T extends TSchema>(items: T, maxItems = ARRAY_ITEMS_MAX, o: Opts = {}) =>
  Type.Array(items, { maxItems, ...o });

/** Ids of several rows. */
export const IdList = (maxItems = ARRAY_ITEMS_MAX, o: Opts = {}) => List(Id(), maxItems, o);

/** Terminal ids of a batch. */
export const TerminalIdList = (maxItems = ARRAY_ITEMS_MAX, o: Opts = {}) => List(TerminalId(), maxItems, o);

/** One of a fixed set of values. */
export const OneOf = <const V extends readonly (string | number)[]>(values: V, o: Opts = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    o,
  );

/** A request object; fields it does not declare are dropped by validation. */
export const Body = <P extends TProperties>(properties: P, o: Opts = {}): TObject<P> =>
  Type.Object(properties, { additionalProperties: false, ...o });

/** The request schema of a route that takes no input: anything sent is ignored. */
export const NoInput = () => Body({});

/** pageNum and pageSize of a list request (page size at most 100). */
export const Paging = {
  pageNum: Type.Optional(Int(1, INT32_MAX)),
  pageSize: Type.Optional(Int(1, PAGE_SIZE_MAX)),
};

/** A short name: user names, nicknames, device types. */
export const Name = (o: Opts = {}) => Text(NAME_MAX, o);

export { Type };
