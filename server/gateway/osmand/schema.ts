import Ajv from 'ajv';
import { Type } from 'typebox';
import { boundedKeywords } from '../../lib/schema/ajv';
import { Num, TerminalId, Text, Token } from '../../lib/schema/primitives';
import { OSMAND_KEY_MAX, OSMAND_PARAMS_MAX, OSMAND_VALUE_MAX } from './limits';

/**
 * The bounded shapes an OsmAnd request may take, from the shared primitives (server/lib/schema):
 * the query or form parameters, and the Traccar Client's JSON body. Values outside them are a 400
 * before any parsing or database work.
 */

/** Query or form parameters: a bounded number of printable names, one-line values. */
export const ParamsSchema = Type.Object(
  {},
  {
    maxProperties: OSMAND_PARAMS_MAX,
    propertyNames: Token(OSMAND_KEY_MAX, { minLength: 1 }),
    additionalProperties: Text(OSMAND_VALUE_MAX),
  },
);

const Extras = Type.Object(
  {},
  {
    maxProperties: OSMAND_PARAMS_MAX,
    propertyNames: Token(OSMAND_KEY_MAX, { minLength: 1 }),
    additionalProperties: Type.Union([Text(OSMAND_VALUE_MAX), Num(-1e15, 1e15), Type.Boolean()]),
  },
);

/**
 * The Traccar Client (9+) body: the background-geolocation SDK's location record. Unknown
 * fields (uuid, age...) are allowed and ignored; -1 is the SDK's "unknown" for speed,
 * heading, accuracy and battery level.
 */
export const TraccarJsonSchema = Type.Object({
  device_id: TerminalId(),
  location: Type.Object({
    // ISO 8601; values.ts timestamp() reads it (the API's date-time format needs ajv-formats).
    timestamp: Token(40),
    coords: Type.Object({
      latitude: Num(-90, 90),
      longitude: Num(-180, 180),
      speed: Type.Optional(Num(-1, 2000)),
      heading: Type.Optional(Num(-1, 360)),
      altitude: Type.Optional(Num(-20_000, 100_000)),
      accuracy: Type.Optional(Num(-1, 10_000_000)),
    }),
    is_moving: Type.Optional(Type.Boolean()),
    odometer: Type.Optional(Num(0, 1e12)),
    event: Type.Optional(Text(OSMAND_KEY_MAX)),
    mock: Type.Optional(Type.Boolean()),
    alarm: Type.Optional(Text(OSMAND_KEY_MAX)),
    battery: Type.Optional(
      Type.Object({ level: Type.Optional(Num(-1, 1)), is_charging: Type.Optional(Type.Boolean()) }),
    ),
    activity: Type.Optional(Type.Object({ type: Type.Optional(Text(OSMAND_KEY_MAX)) })),
    extras: Type.Optional(Extras),
  }),
});

export interface TraccarJson {
  device_id: string;
  location: {
    timestamp: string;
    coords: {
      latitude: number;
      longitude: number;
      speed?: number;
      heading?: number;
      altitude?: number;
      accuracy?: number;
    };
    is_moving?: boolean;
    odometer?: number;
    event?: string;
    mock?: boolean;
    alarm?: string;
    battery?: { level?: number; is_charging?: boolean };
    activity?: { type?: string };
    extras?: Record<string, string | number | boolean>;
  };
}

// The same keywords as the API's validator (app.ts); no coercion: a JSON number must be one.
const ajv = new Ajv({ strict: false, allErrors: false });
boundedKeywords(ajv, {});
export const checkParams = ajv.compile<Record<string, string>>(ParamsSchema);
export const checkTraccarJson = ajv.compile<TraccarJson>(TraccarJsonSchema);

/** The first validation error as a short text for the 400 answer and the frame log. */
export function schemaError(errors: typeof checkParams.errors): string {
  const e = errors?.[0];
  if (!e) return 'invalid request';
  return `${e.instancePath || e.params?.propertyName || 'request'} ${e.message ?? 'is invalid'}`.trim();
}
