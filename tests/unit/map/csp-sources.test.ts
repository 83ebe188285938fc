import { describe, expect, it } from 'vitest';
import { mapSources } from '../../../server/services/map/csp';
import { parseMapKeySetting } from '../../../server/services/map/settings';

describe('mapSources', () => {
  it('lists nothing without keys, and only the configured providers (names matched case-insensitively)', () => {
    expect(mapSources(parseMapKeySetting(null))).toEqual({ script: [], style: [], img: [], connect: [] });
    const s = mapSources(parseMapKeySetting({ keys: { google: 'g' } }));
    expect(s.script).toEqual(['https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(s.connect).toEqual(['https://maps.googleapis.com']);
  });

  it('ignores an xyz template that is not an http(s) URL', () => {
    expect(mapSources(parseMapKeySetting({ keys: { xyz: 'javascript:alert(1)' } })).img).toEqual([]);
    expect(
      mapSources(parseMapKeySetting({ keys: { xyz: 'http://10.0.0.5:8080/{z}/{x}/{y}.png' } })).img,
    ).toEqual(['http://10.0.0.5:8080']);
  });
});
