import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/area.json';
import menu from '../../../locales/en/menu.json';
import { columnSpecs, requestBody } from '../../../src/components/resource/derive';
import { cellText } from '../../../src/components/resource/reportLogic';
import { AREA_ENTITY, arrivalsList, visitsList } from '../../../src/resources/areaLists';

const label = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en);

describe('visits and arrivals lists', () => {
  it('ask for one area or route and its purpose with every request, and export visits', () => {
    const v = visitsList(12, 'checkPoint');
    expect(v.view.params).toEqual({ fenceId: 12, purpose: 'checkPoint' });
    expect(v.view.export?.endpoint).toBe('/checkCar/exportVisits');
    expect(arrivalsList(5).view.params).toEqual({ routeId: 5 });
    expect(arrivalsList(5).view.columns).toContain('stopName');
  });
  it('label every column and filter in the area namespace, and title in the menu', () => {
    for (const list of [visitsList(1, 'checkArea'), arrivalsList(1)]) {
      for (const spec of columnSpecs(AREA_ENTITY, [...list.view.columns, ...(list.view.filters ?? [])]))
        expect(label(spec.titleKey.replace('area:', '')), spec.name).toEqual(expect.any(String));
      expect((menu as Record<string, string>)[list.labelKey]).toEqual(expect.any(String));
    }
  });
  it('send the time filters as ISO instants and the IMEI trimmed', () => {
    const start = new Date('2025-03-01T00:00:00Z');
    const body = requestBody(AREA_ENTITY, ['terminalID', 'startTime', 'endTime'], { terminalID: ' 868120 ', startTime: start });
    expect(body).toEqual({ terminalID: '868120', startTime: '2025-03-01T00:00:00.000Z' });
  });
  it('show a duration as h:mm:ss and an open visit as empty', () => {
    const [spec] = columnSpecs(AREA_ENTITY, ['duration']);
    expect(cellText(AREA_ENTITY, spec, 3_725, (k) => k)).toBe('1:02:05');
    expect(cellText(AREA_ENTITY, spec, null, (k) => k, undefined, '-')).toBe('-');
  });
});
