import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { MAP_TYPES } from './codes';
import { LANGUAGES } from './constants';

/**
 * The schema of a brand file (config/brands/<id>.json, docs/brands.md). The server checks every
 * file against it at start and refuses to run with a bad one; the web app checks what the server
 * sends; the unit tests check the shipped files. The descriptions are the messages a bad field gets.
 */

/** Login page layouts a brand may choose (src/pages/login/variants). */
export const LOGIN_VARIANTS = ['centered', 'split', 'minimal'] as const;
export type LoginVariant = (typeof LOGIN_VARIANTS)[number];

// An enum rather than a union of literals: one error per wrong value instead of one per choice.
const oneOf = <const V extends readonly string[]>(values: V) =>
  Type.Enum([...values], { description: `one of ${values.join(', ')}` });

const Color = Type.String({
  pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  description: 'a #rgb or #rrggbb colour',
});
const AssetFile = Type.String({
  pattern: '^[a-zA-Z0-9_-]+\\.(svg|png|webp|ico)$',
  maxLength: 64,
  description: 'a file name under public/brands/ (.svg, .png, .webp or .ico)',
});
const Text = (max: number, description: string) => Type.String({ minLength: 1, maxLength: max, description });

export const BrandSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9-]{1,32}$',
      description: 'lower-case letters, digits and - (the file name)',
    }),
    title: Text(
      60,
      'the brand name shown on the login page, the header and the browser tab (1-60 characters)',
    ),
    logo: AssetFile,
    favicon: Type.Optional(AssetFile),
    colors: Type.Object(
      { primary: Color, background: Color, header: Type.Optional(Color) },
      { additionalProperties: false },
    ),
    loginPath: Type.String({
      pattern: '^(/[a-z0-9-]{1,32})?/login$',
      description: "'/login' or '/<name>/login' (lower-case letters, digits and -)",
    }),
    loginVariant: oneOf(LOGIN_VARIANTS),
    language: oneOf(LANGUAGES),
    mapType: oneOf(MAP_TYPES),
    map: Type.Object(
      {
        center: Type.Tuple(
          [
            Type.Number({ minimum: -180, maximum: 180, description: 'a longitude, -180 to 180' }),
            Type.Number({ minimum: -90, maximum: 90, description: 'a latitude, -90 to 90' }),
          ],
          { description: '[longitude, latitude] (WGS-84) of the first map view' },
        ),
        zoom: Type.Integer({ minimum: 1, maximum: 18, description: 'a whole zoom level, 1 to 18' }),
      },
      { additionalProperties: false },
    ),
    contact: Type.Object(
      {
        company: Text(80, 'the company name (1-80 characters)'),
        phone: Type.Optional(
          Type.String({
            pattern: '^[+0-9 ()-]{3,30}$',
            description: 'a phone number: digits, spaces, + ( ) -',
          }),
        ),
        email: Type.Optional(
          Type.String({
            pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
            maxLength: 80,
            description: 'an e-mail address',
          }),
        ),
        website: Type.Optional(
          Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 120, description: 'an http(s) address' }),
        ),
      },
      { additionalProperties: false },
    ),
    downloads: Type.Array(
      Type.Object(
        {
          labelKey: Text(60, 'a key of the login namespace (locales/<lng>/login.json)'),
          url: Type.String({
            pattern: '^(/|https?://)[^\\s]*$',
            maxLength: 300,
            description: 'a path or an http(s) address',
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 8, description: 'at most 8 links {labelKey, url}' },
    ),
    trial: Type.Union(
      [
        Type.Object(
          { username: Text(32, 'the trial account name'), password: Text(32, 'its password') },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: '{username, password} of the demo account, or null to hide the button' },
    ),
    hosts: Type.Array(
      Type.String({
        pattern: '^[a-z0-9.-]{1,100}(:[0-9]{1,5})?$',
        description: 'a lower-case host name, optionally with :port',
      }),
      { maxItems: 20, description: 'host names that show this brand' },
    ),
  },
  { additionalProperties: false },
);

export type Brand = Static<typeof BrandSchema> & {
  loginVariant: LoginVariant;
  language: (typeof LANGUAGES)[number];
  mapType: (typeof MAP_TYPES)[number];
};

/** The sub-schema at a JSON pointer of the value (for its description). */
function schemaAt(schema: TSchema, pointer: string): TSchema | undefined {
  let s: TSchema | undefined = schema;
  for (const seg of pointer.split('/').slice(1)) {
    const node = s as {
      properties?: Record<string, TSchema>;
      items?: TSchema | TSchema[];
      prefixItems?: TSchema[];
    };
    if (node.properties?.[seg]) s = node.properties[seg];
    else if (Array.isArray(node.prefixItems)) s = node.prefixItems[Number(seg)];
    else if (Array.isArray(node.items)) s = node.items[Number(seg)];
    else if (node.items) s = node.items;
    else return undefined;
  }
  return s;
}

const fieldOf = (pointer: string) => pointer.split('/').slice(1).join('.') || '(file)';

/**
 * What is wrong with a brand file, one readable line per field ("colors.primary: a #rgb or #rrggbb
 * colour"); empty when the file is valid.
 */
export function brandProblems(value: unknown): string[] {
  const out = new Map<string, string>();
  const add = (field: string, text: string) => {
    if (!out.has(field)) out.set(field, `${field}: ${text}`);
  };
  for (const e of Value.Errors(BrandSchema, value)) {
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    // Errors inside a union's branches are noise: the union's own error names the field.
    if (e.keyword === 'boolean' || e.schemaPath.includes('/anyOf/')) continue;
    if (e.keyword === 'required') {
      for (const p of params.requiredProperties ?? []) add(fieldOf(`${e.instancePath}/${p}`), 'required');
    } else if (e.keyword === 'additionalProperties') {
      for (const p of params.additionalProperties ?? [])
        add(fieldOf(`${e.instancePath}/${p}`), 'unknown field');
    } else {
      const hint = (schemaAt(BrandSchema, e.instancePath) as { description?: string } | undefined)
        ?.description;
      add(fieldOf(e.instancePath), hint ?? e.message);
    }
  }
  return [...out.values()];
}

export function isBrand(value: unknown): value is Brand {
  return Value.Check(BrandSchema, value);
}
