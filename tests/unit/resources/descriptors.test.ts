import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES, findResource, screenParts } from '../../../src/resources';
import { genericPage } from '../../../src/components/resource/lazy';
import {
  columnSpecs,
  fieldRules,
  initialValues,
  labelKeyOf,
  requestBody,
} from '../../../src/components/resource/derive';
import { arrivalsList, visitsList } from '../../../src/resources/areaLists';
import { DEVICE_ENTITY } from '../../../src/resources/device/fields';
import { NOTIFY_LISTS } from '../../../src/resources/notify/lists';
import { API_KEY_LISTS } from '../../../src/resources/system/apiKey';
import {
  screen,
  type DrawnList,
  type EntityDescriptor,
  type EntityView,
  type ScreenParts,
  type ScreenRegistry,
} from '../../../src/resources/types';

const en = (ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/en/${ns}.json`, import.meta.url), 'utf8')) as object;
const lookup = (tree: object, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      tree,
    );
const has = (key: string) => {
  const [ns, path] = key.split(':');
  return typeof lookup(en(ns), path) === 'string';
};
/** t() of the tests: the English text, or the key when missing (so assertions show it). */
const t = (key: string) => {
  const [ns, path] = key.split(':');
  const v = lookup(en(ns), path);
  return typeof v === 'string' ? v : key;
};

function viewFields(view: EntityView): string[] {
  switch (view.kind) {
    case 'list':
      return [
        ...view.columns,
        ...(view.filters ?? []),
        ...[...(view.batchActions ?? []), ...(view.rowActions ?? []), ...(view.toolbarActions ?? [])].flatMap(
          (a) => a.fields ?? [],
        ),
      ];
    case 'batch':
      return [...view.fields];
    case 'report':
      return [...view.fields, view.linesField, ...(view.rowColumns ?? []), ...(view.reportColumns ?? [])];
    case 'form':
      return [...view.fields, ...(view.columns ?? [])];
  }
}

// Every descriptor-driven screen with its parts, each area's registry loaded as its page loads it.
const generic = RESOURCES.filter((r) => r.generic);
const entityScreens: (Pick<DrawnList, 'name'> & ScreenParts)[] = await Promise.all(
  generic.map(async (r) => ({ name: r.name, ...(await screenParts(r.name))! })),
);
// The lists hand-written pages draw with the generic list.
const drawnLists: DrawnList[] = [
  ...NOTIFY_LISTS,
  ...API_KEY_LISTS,
  visitsList(1, 'checkArea'),
  visitsList(2, 'checkPoint'),
  arrivalsList(1),
];
// Each screen's registry, as its page loads it (card and payment screens share one).
const registryOf = new Map<string, ScreenRegistry>();
for (const r of generic) registryOf.set(r.name, await r.generic!());

describe('entity descriptors', () => {
  it('drive the device and account screens of issue 5 without page code', () => {
    const names = entityScreens.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'deviceList',
        'deviceListV2',
        'deviceImport',
        'deviceTransform',
        'deviceUpdateTime',
        'agentDeviceCount',
        'setImportRecords',
        'indexAgentListExport',
      ]),
    );
    // A pure descriptor gets the generic renderer as its page, one per area's registry.
    const deviceList = findResource('deviceList')!;
    expect(deviceList.page).toBe(genericPage(deviceList.generic!));
    expect(findResource('deviceReset')?.page).toBe(deviceList.page);
    const agentDeviceCount = findResource('agentDeviceCount')!;
    expect(agentDeviceCount.page).toBe(genericPage(agentDeviceCount.generic!));
    expect(agentDeviceCount.page).not.toBe(deviceList.page);
    // The icon type screen keeps its own page around the generic batch form.
    expect(findResource('deviceBatchIcon')?.page).not.toBe(deviceList.page);
  });

  it('find the parts of every descriptor-driven screen in its registry, and no parts without a screen', () => {
    for (const r of entityScreens) {
      expect(r.entity, r.name).toBeDefined();
      expect(r.view, r.name).toBeDefined();
    }
    for (const registry of new Set(registryOf.values()))
      for (const name of Object.keys(registry))
        expect(registryOf.get(name), `${name} is a screen of its registry`).toBe(registry);
  });

  it('give a new entity the generic page from a descriptor alone, and leave plain screens alone', () => {
    const entity: EntityDescriptor = {
      namespace: 'device',
      subject: 'device',
      fields: { terminalID: { type: 'text' } },
    };
    const load = async (): Promise<ScreenRegistry> => ({
      x: {
        entity,
        view: { kind: 'list', endpoint: '/x/list', rowKey: 'terminalID', columns: ['terminalID'] },
      },
    });
    const made = screen('x', '/index/x', undefined, { generic: load });
    expect(made.page).toBe(genericPage(load));
    expect(screen('x2', '/index/x2', undefined, { generic: load }).page).toBe(made.page);
    expect(screen('y', '/index/y', undefined).page).toBeUndefined();
  });

  it.each([...entityScreens, ...drawnLists].map((r) => [r.name, r] as const))(
    '%s: every field, option and action is declared and translated',
    (_name, r) => {
      const entity = r.entity;
      for (const name of viewFields(r.view)) {
        const field = entity.fields[name];
        expect(field, `${r.name} uses field ${name}`).toBeDefined();
        expect(has(labelKeyOf(entity, name)), labelKeyOf(entity, name)).toBe(true);
        for (const o of field.options ?? [])
          if (o.labelKey) {
            // `namespace:key` names a label another namespace holds (alarm types: count).
            const key = o.labelKey.includes(':') ? o.labelKey : `${entity.namespace}:${o.labelKey}`;
            expect(has(key), o.labelKey).toBe(true);
          }
        if (field.helpKey) expect(has(`${entity.namespace}:${field.helpKey}`), field.helpKey).toBe(true);
      }
      if (r.view.kind === 'list')
        for (const a of [
          ...(r.view.batchActions ?? []),
          ...(r.view.toolbarActions ?? []),
          ...(r.view.rowActions ?? []),
        ])
          expect(has(`${entity.namespace}:${a.labelKey}`), a.labelKey).toBe(true);
    },
  );
});

const partsOf = (name: string) => entityScreens.find((r) => r.name === name)!;

describe('derivation of columns, filters and forms', () => {
  const view = partsOf('deviceListV2').view as Extract<EntityView, { kind: 'list' }>;

  it('turns the list columns into titled columns with enum lookups', () => {
    const specs = columnSpecs(DEVICE_ENTITY, view.columns);
    expect(specs.map((s) => s.name)).toContain('ownerPath');
    const state = specs.find((s) => s.name === 'state')!;
    expect(t(state.titleKey)).toBe('State');
    expect(state.options?.get(1)?.labelKey).toBe('states.online');
    expect(t(specs[0].titleKey)).toBe('IMEI');
    // deviceList (V1) has no owner path column.
    const v1 = partsOf('deviceList').view as Extract<EntityView, { kind: 'list' }>;
    expect(v1.columns).not.toContain('ownerPath');
  });

  it('declares the spec filters: state, expiry, type, protocol, account subtree, IMEI lines and keyword', () => {
    expect(view.filters).toEqual(
      expect.arrayContaining([
        'menuType',
        'expiry',
        'deviceType',
        'protocol',
        'userId',
        'includeSubtree',
        'imeis',
        'keyword',
      ]),
    );
    const expiry = DEVICE_ENTITY.fields.expiry.options!.map((o) => o.value);
    expect(expiry).toEqual([7, 60, -1]);
    expect(initialValues(DEVICE_ENTITY, view.filters!)).toEqual({ includeSubtree: true });
  });

  it('maps form values to the request: request names, ISO dates, trimmed text, empties left out', () => {
    const date = new Date('2027-01-31T16:00:00.000Z');
    const body = requestBody(
      DEVICE_ENTITY,
      ['targetUser', 'newPlatformExpireAt', 'keyword', 'nickname', 'imeis', 'protocol'],
      {
        targetUser: 3,
        newPlatformExpireAt: date,
        keyword: '  86  ',
        nickname: '   ',
        imeis: '1\n2\n',
        protocol: undefined,
      },
    );
    expect(body).toEqual({
      userId: 3,
      platformExpireAt: '2027-01-31T16:00:00.000Z',
      keyword: '86',
      imeis: '1\n2\n',
    });
  });

  it('validates with the shared validators and shows their catalogue message', async () => {
    const plate = fieldRules(DEVICE_ENTITY, 'carNumber', t).find((r) => r.validator)!;
    await expect(plate.validator!({}, '京A12345')).resolves.toBeUndefined();
    await expect(plate.validator!({}, 'ABC')).rejects.toThrow('Please enter a correct plate number');
    const sim = fieldRules(DEVICE_ENTITY, 'sim', t).find((r) => r.validator)!;
    await expect(sim.validator!({}, '123')).rejects.toThrow('Please enter the correct SIM card number.');
    await expect(sim.validator!({}, '')).resolves.toBeUndefined();
    expect(fieldRules(DEVICE_ENTITY, 'targetUser', t)).toEqual([{ required: true }]);
    expect(fieldRules(DEVICE_ENTITY, 'importAs', t)).toEqual([{ required: true }]);
    expect(fieldRules(DEVICE_ENTITY, 'iccidLength', t)).toContainEqual({ type: 'number', min: 10, max: 24 });
  });
});
