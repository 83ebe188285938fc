/** What the map routes answer (issue 16); shapes of server/services/map/{settings,web-service}.ts. */
import { Row, Type } from '../../lib/schema/response';

const Provider = () => Type.String({ description: 'The geocoder that answered (GEOCODERS of settings.ts)' });

/** getKey: the browser key of a map type; key "" (configured false) when it has none. */
export const MapKey = Row({
  mapType: Type.String(),
  key: Type.String({ description: 'Browser key (or tile URL template) of that map type; "" when none is set' }),
  configured: Type.Boolean({ description: 'False when the mapKey setting has no key for that map type' }),
  securityJsCode: Type.Optional(Type.String({ description: 'GaoDe only: AMap JS API 2.0 security code' })),
});

/** getSuggestion: Baidu's shape (status 0, result[]), positions in the requested datum. */
export const Suggestions = Row({
  status: Type.Literal(0),
  provider: Provider(),
  result: Type.Array(
    Row({
      name: Type.String(),
      address: Type.String(),
      location: Row({ lat: Type.Number(), lng: Type.Number() }),
    }),
  ),
});

/** getKeyAddress: the address of a position. */
export const KeyAddress = Row({
  status: Type.Literal(0),
  provider: Provider(),
  result: Row({ formatted_address: Type.String(), sematic_description: Type.String() }),
});
