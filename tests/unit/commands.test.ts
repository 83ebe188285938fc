import { describe, expect, it } from 'vitest';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { classifyCommandReply, commandResultOf, supportsOfflineCommands } from '../../src/domain/commands';

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

describe('command result from the reply and what its protocol says it means', () => {
  it("takes the family's meaning over the text rule", () => {
    expect(commandResultOf('S20,DONE', 'success')).toBe(COMMAND_RESULT.success);
    expect(commandResultOf('S20,ERROR', 'error')).toBe(COMMAND_RESULT.error);
    // A refusal that happens to hold a spec word is still a refusal.
    expect(commandResultOf('DOUT1 state already set to: 1 (OK)', 'error')).toBe(COMMAND_RESULT.error);
  });

  it('falls back to the text rule without a meaning, and no reply is a timeout either way', () => {
    expect(commandResultOf('S20,DONE')).toBe(COMMAND_RESULT.error);
    expect(commandResultOf('RELAY:OK')).toBe(COMMAND_RESULT.success);
    expect(commandResultOf(null, 'success')).toBe(COMMAND_RESULT.timeout);
    expect(commandResultOf('', 'success')).toBe(COMMAND_RESULT.timeout);
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
