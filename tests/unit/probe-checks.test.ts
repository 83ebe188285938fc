import { describe, expect, it } from 'vitest';
import { browserName, clockSkewMs } from '../../src/pages/probe/checks';

describe('probe page checks', () => {
  it('compares the middle of the round trip with the server time', () => {
    const server = '2026-01-01T00:00:10.000Z';
    const t = Date.parse(server);
    expect(clockSkewMs(t - 100, t + 100, server)).toBe(0);
    expect(clockSkewMs(t + 4_900, t + 5_100, server)).toBe(5_000);
    expect(clockSkewMs(t - 60_000, t - 60_000, server)).toBe(-60_000);
    expect(clockSkewMs(t, t, 'not a date')).toBeNull();
  });

  it('names the browser', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(browserName(chrome)).toBe('Chrome 131');
    expect(browserName(`${chrome} Edg/131.0.0.0`)).toBe('Edge 131');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133',
    );
    expect(
      browserName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17');
  });
});
