import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { supportsOfflineCommands } from '../../src/domain/commands';

describe('offline-capable protocols', () => {
  it('are R001, R002, Bsj, Sagex, Nb and Nbiot', () => {
    const capable = Object.entries(DEVICE_PROTOCOL)
      .filter(([, code]) => supportsOfflineCommands(code))
      .map(([name]) => name);
    expect(capable).toEqual(['R001', 'R002', 'Bsj', 'Sagex', 'Nb', 'Nbiot']);
  });
});
