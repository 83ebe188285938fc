import { describe, expect, it } from 'vitest';
import { isShellScreen } from '../../../src/components/layout/shellScreens';

describe('the screens shown without waiting for the screens texts', () => {
  it('are the monitor, matched as its route is (case, trailing slash)', () => {
    expect(isShellScreen('/index/home')).toBe(true);
    expect(isShellScreen('/index/home/')).toBe(true);
    expect(isShellScreen('/Index/Home')).toBe(true);
  });
  it('are no other screen', () => {
    for (const path of [
      '/index/track',
      '/index/device/deviceList',
      '/index/homeX',
      '/index/home/more',
      '/test/qc',
      '/',
    ])
      expect(isShellScreen(path)).toBe(false);
  });
});
