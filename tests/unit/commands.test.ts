import { describe, expect, it } from 'vitest';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { classifyCommandReply, supportsOfflineCommands } from '../../src/domain/commands';

describe('command result from the reply text', () => {
  it.each([
    ['Cut off the fuel supply: Success!', COMMAND_RESULT.success],
    ['RELAY:OK', COMMAND_RESULT.success],
    ['Already in the state of fuel supply cut off', COMMAND_RESULT.success],
    ['set successfully', COMMAND_RESULT.success],
    ['device timeout', COMMAND_RESULT.timeout],
    ['', COMMAND_RESULT.timeout],
    ['Failed, please try again later', COMMAND_RESULT.error],
  ])('%s', (text, expected) => {
    expect(classifyCommandReply(text)).toBe(expected);
  });
});

describe('offline-capable protocols', () => {
  it('are R001, R002, Bsj, Sagex, Nb and Nbiot', () => {
    const capable = Object.entries(DEVICE_PROTOCOL)
      .filter(([, code]) => supportsOfflineCommands(code))
      .map(([name]) => name);
    expect(capable).toEqual(['R001', 'R002', 'Bsj', 'Sagex', 'Nb', 'Nbiot']);
  });
});
