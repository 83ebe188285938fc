import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceAtPath } from '../../../src/resources';
import { NOTIFY_ENTITY, NOTIFY_LISTS } from '../../../src/resources/notify/lists';
import { PERMISSIONS } from '../../../config/roles';

const en = JSON.parse(readFileSync(new URL('../../../locales/en/notify.json', import.meta.url), 'utf8'));
const menu = JSON.parse(readFileSync(new URL('../../../locales/en/menu.json', import.meta.url), 'utf8'));
const at = (path: string) => path.split('.').reduce((o, k) => o?.[k], en);

describe('the alarm notifications screen', () => {
  it('sits under the alarms group at /index/alarmNotify with the alarms permission', () => {
    const r = resourceAtPath('/index/alarmNotify');
    expect(r?.name).toBe('alarmNotify');
    expect(r?.parent).toBe('alarmGroup');
    expect(r?.permissions).toEqual([PERMISSIONS.alarms]);
    expect(menu.alarmNotify).toBeTypeOf('string');
  });

  it('labels every column, filter, action and option of its two lists', () => {
    for (const list of NOTIFY_LISTS) {
      expect(menu[list.labelKey], list.labelKey).toBeTypeOf('string');
      const v = list.view;
      const actions = [...(v.toolbarActions ?? []), ...(v.rowActions ?? [])];
      const fields = [...v.columns, ...(v.filters ?? []), ...actions.flatMap((a) => a.fields ?? [])];
      for (const f of fields) expect(at(`fields.${f}`), f).toBeTypeOf('string');
      for (const a of actions) expect(at(a.labelKey), a.labelKey).toBeTypeOf('string');
    }
    for (const [name, field] of Object.entries(NOTIFY_ENTITY.fields)) {
      if (field.helpKey) expect(at(field.helpKey), name).toBeTypeOf('string');
      for (const o of field.options ?? [])
        if (o.labelKey && !o.labelKey.includes(':')) expect(at(o.labelKey), o.labelKey).toBeTypeOf('string');
    }
  });
});
