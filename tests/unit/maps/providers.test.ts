import { describe, expect, it } from 'vitest';
import { providerFor } from '../../../src/maps/providers';
import { CAR_ICON_STATES } from '../../../src/domain/codes';
import { allIcons, iconId, iconKind, iconSvg, ICON_STATE_COLORS, ICON_KINDS } from '../../../src/maps/icons';

describe('providerFor', () => {
  it('maps the four map types when a key is set', () => {
    expect(providerFor('Baidu', true)).toBe('baidu');
    expect(providerFor('Google', true)).toBe('google');
    expect(providerFor('GaoDe', true)).toBe('gaode');
    expect(providerFor('yandex', true)).toBe('yandex');
  });

  it('defaults to Baidu when the setting is empty or unknown', () => {
    expect(providerFor(null, true)).toBe('baidu');
    expect(providerFor(undefined, true)).toBe('baidu');
    expect(providerFor('OpenStreetMap', true)).toBe('baidu');
  });

  it('falls back to the offline basemap without a key', () => {
    expect(providerFor('Google', false)).toBe('offline');
    expect(providerFor(null, false)).toBe('offline');
  });
});

describe('car icons', () => {
  it('gives every state its own colour', () => {
    const colours = CAR_ICON_STATES.map((s) => ICON_STATE_COLORS[s]);
    expect(new Set(colours).size).toBe(CAR_ICON_STATES.length);
  });

  it('maps types 1–16 onto every silhouette, and anything else to a car', () => {
    const kinds = new Set(Array.from({ length: 16 }, (_, i) => iconKind(i + 1)));
    expect(kinds).toEqual(new Set(ICON_KINDS));
    expect(iconKind(0)).toBe('car');
    expect(iconKind(17)).toBe('car');
    expect(iconKind(2.5)).toBe('car');
    expect(iconId('moving', 1)).toBe('car-moving-car');
  });

  it('registers one image per state and silhouette plus the cluster badge, all as data URLs', () => {
    const icons = allIcons();
    expect(icons).toHaveLength(CAR_ICON_STATES.length * ICON_KINDS.length + 1);
    for (const [, url] of icons) expect(url.startsWith('data:image/svg+xml')).toBe(true);
    for (const s of CAR_ICON_STATES) for (let t = 1; t <= 16; t++) expect(icons.some(([id]) => id === iconId(s, t))).toBe(true);
  });

  it('draws the state colour into the SVG', () => {
    expect(iconSvg('overspeed', 'truck')).toContain(ICON_STATE_COLORS.overspeed);
    expect(iconSvg('overspeed', 'truck')).not.toContain(ICON_STATE_COLORS.moving);
  });
});
