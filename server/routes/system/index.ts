import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DEMO_AREA_NAMES } from '../../../config/demo-areas';
import { WILDCARD_PERMISSION } from '../../../config/roles';
import { MAP_CHOICES } from '../../../src/domain/codes';
import { ok } from '../../lib/envelope';
import { Body, Id, List, NoInput, OneOf, Required, Text, Token, Type } from '../../lib/schema/primitives';
import { Nullable, Row, replies } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import { keyedMapTypes, loadMapKeySetting, GEOCODERS } from '../../services/map/settings';
import { readDemoForm, saveDemoForm } from '../../services/system/demo-account';
import { resetDemoData } from '../../services/system/demo-reset';
import { KEY_TEST_PROVIDERS, testMapKey } from '../../services/system/key-test';
import { readMapKeyForm, saveMapKeyForm } from '../../services/system/map-setting';

const tags = ['system'];
const ADMIN = { permission: [WILDCARD_PERMISSION] } as const;
const ADMIN_WRITE = { ...ADMIN, write: true } as const;

const Key = Token(256);
/** The mapKey form, flat: browser keys, the xyz tile template, service keys, defaults. */
const mapKeyFields = {
  baiduKey: Type.Optional(Key),
  gaodeKey: Type.Optional(Key),
  gaodeSecurityCode: Type.Optional(Key),
  googleKey: Type.Optional(Key),
  yandexKey: Type.Optional(Key),
  bingKey: Type.Optional(Key),
  xyzTemplate: Type.Optional(Text(512)),
  baiduServiceKey: Type.Optional(Key),
  gaodeServiceKey: Type.Optional(Key),
  googleServiceKey: Type.Optional(Key),
};
const MapKeyFormIn = Body({
  ...mapKeyFields,
  defaultMapType: Type.Optional(OneOf(MAP_CHOICES)),
  geocoder: Type.Optional(OneOf(GEOCODERS)),
});
const str = Type.Optional(Type.String());
const MapKeyFormOut = Row({
  baiduKey: str,
  gaodeKey: str,
  gaodeSecurityCode: str,
  googleKey: str,
  yandexKey: str,
  bingKey: str,
  xyzTemplate: str,
  baiduServiceKey: str,
  gaodeServiceKey: str,
  googleServiceKey: str,
  defaultMapType: str,
  geocoder: str,
});
const DemoFormOut = Row({
  userId: Type.Integer(),
  username: Nullable(Type.String()),
  areas: Type.Array(Type.String()),
});

/** System settings (issue 16): mapKey and demoAccountSet, admin only; the monitor's map default. */
export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/system/mapKey/get',
    {
      schema: {
        tags,
        description: 'The map keys (browser and service), the default map type and the geocoder',
        body: NoInput(),
        response: replies(MapKeyFormOut),
      },
      config: { access: ADMIN },
    },
    async () => ok(await readMapKeyForm(db)),
  );

  app.post(
    '/system/mapKey/save',
    {
      schema: {
        tags,
        description: 'Replaces the mapKey setting; POST /map/getKey answers the new keys at once',
        body: MapKeyFormIn,
        response: replies(MapKeyFormOut),
      },
      config: { access: ADMIN_WRITE },
    },
    async (req) => ok(await saveMapKeyForm(db, req.body, authOf(req).user.id)),
  );

  app.post(
    '/system/mapKey/test',
    {
      schema: {
        tags,
        description:
          'One call to the provider with the key (xyz: the tile template): ok, invalid (refused) ' +
          'or unreachable (no answer within 3 s)',
        body: Body({ provider: OneOf(KEY_TEST_PROVIDERS), key: Required(512) }),
        response: replies(
          Row({
            provider: Type.String(),
            result: Type.String({ enum: ['ok', 'invalid', 'unreachable'] }),
            detail: Type.String(),
          }),
        ),
      },
      config: { access: ADMIN },
    },
    async (req) => ok(await testMapKey(req.body.provider, req.body.key)),
  );

  app.post(
    '/system/mapDefaults',
    {
      schema: {
        tags,
        description:
          "The administrator's default map type (between the brand's and the user's own choice) " +
          'and the map types that have a browser key (the browser asks getKey only for those)',
        body: NoInput(),
        response: replies(
          Row({
            defaultMapType: Nullable(Type.String()),
            keyedMapTypes: Type.Array(Type.String({ description: 'Of MAP_TYPES (src/domain/codes.ts)' })),
          }),
        ),
      },
      config: { access: { permission: 'authenticated' } },
    },
    async () => {
      const setting = await loadMapKeySetting(db);
      return ok({ defaultMapType: setting.defaultMapType ?? null, keyedMapTypes: keyedMapTypes(setting) });
    },
  );

  app.post(
    '/system/demoAccount/get',
    {
      schema: {
        tags,
        description: 'The demo account and the areas it may see',
        body: NoInput(),
        response: replies(DemoFormOut),
      },
      config: { access: ADMIN },
    },
    async () => ok(await readDemoForm(db)),
  );

  app.post(
    '/system/demoAccount/save',
    {
      schema: {
        tags,
        description: 'Names the demo account (not an administrator) and what it may see',
        body: Body({ userId: Id(), areas: List(OneOf(DEMO_AREA_NAMES), DEMO_AREA_NAMES.length) }),
        response: replies(DemoFormOut),
      },
      config: { access: ADMIN_WRITE },
    },
    async (req) => {
      await saveDemoForm(db, req.body, authOf(req).user.id);
      return ok(await readDemoForm(db));
    },
  );

  app.post(
    '/system/demoAccount/reset',
    {
      schema: {
        tags,
        description:
          "Puts the demo account's devices, their alarms and its tree's fences back to the seed's demo data",
        body: NoInput(),
        response: replies(Row({ devices: Type.Integer(), alarms: Type.Integer(), fences: Type.Integer() })),
      },
      config: { access: ADMIN_WRITE, liveScope: true },
    },
    async () => ok(await resetDemoData(db, (await readDemoForm(db)).userId)),
  );
}
