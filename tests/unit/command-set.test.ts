import { describe, expect, it } from 'vitest';
import {
  checkParam,
  commandSetProblems,
  defaultValues,
  matchCommand,
  mayQueueOffline,
  renderCommand,
} from '../../src/domain/command-set';
import {
  GT06_COMMANDS,
  JT808_COMMANDS,
  LONG_STANDBY_COMMANDS,
  PERSONAL_COMMANDS,
  WIRELESS_COMMANDS,
  locate,
  modeSwitch,
  rawText,
  sos,
  timeZone,
  uploadInterval,
} from '../../server/db/seed/command-sets';

describe('renderCommand', () => {
  it('fills the template from values in range', () => {
    expect(renderCommand(uploadInterval, { interval: 60 })).toEqual({ content: 'TIMER,60#' });
    expect(renderCommand(timeZone, { direction: 'W', hours: 5, minutes: '30' })).toEqual({
      content: 'GMT,W,5,30#',
    });
  });

  it('refuses a number out of range or not whole, naming the field and the range', () => {
    expect(renderCommand(uploadInterval, { interval: 5 })).toEqual({
      problem: { key: 'commandParamRange', params: { field: 'interval', min: 10, max: 18000 } },
    });
    expect(renderCommand(uploadInterval, { interval: '12.5' })).toMatchObject({
      problem: { key: 'commandParamRange' },
    });
    expect(renderCommand(uploadInterval, {})).toMatchObject({ problem: { key: 'required' } });
  });

  it('keeps optional slots empty and checks phone numbers', () => {
    expect(renderCommand(sos, { sos1: '+8613800138000' })).toEqual({ content: 'SOS,A,+8613800138000,,#' });
    expect(renderCommand(sos, { sos1: '12ab' })).toMatchObject({ problem: { key: 'telephoneInvalid' } });
  });

  it('does not let a text value add fields of its own', () => {
    const apn = GT06_COMMANDS.find((c) => c.key === 'apn')!;
    expect(renderCommand(apn, { apn: 'cmnet#RESET' })).toMatchObject({
      problem: { key: 'commandParamInvalid' },
    });
    expect(renderCommand(apn, { apn: 'x'.repeat(33) })).toMatchObject({
      problem: { key: 'fieldTooLong', params: { limit: 32 } },
    });
  });

  it('refuses a select value that is not offered', () => {
    expect(renderCommand(modeSwitch, { mode: '9' })).toMatchObject({
      problem: { key: 'commandParamInvalid' },
    });
  });

  it('sends raw text as typed, trimmed, and refuses it empty', () => {
    expect(renderCommand(rawText, { text: ' VERSION# ' })).toEqual({ content: 'VERSION#' });
    expect(renderCommand(rawText, { text: ' ' })).toMatchObject({ problem: { key: 'commandEmpty' } });
  });
});

describe('matchCommand', () => {
  it('reads typed text back into the command and its values, case-insensitively', () => {
    expect(matchCommand(GT06_COMMANDS, 'timer,45#')).toMatchObject({
      def: { key: 'uploadInterval' },
      values: { interval: '45' },
    });
    expect(matchCommand(GT06_COMMANDS, 'Relay,1#')?.def.key).toBe('relayOff');
    expect(matchCommand(LONG_STANDBY_COMMANDS, 'SWMODE,0#')).toMatchObject({ def: { key: 'modeSwitch' } });
  });

  it('leaves text that is no command of the set unmatched (raw commands never match)', () => {
    expect(matchCommand(GT06_COMMANDS, 'FACTORY#')).toBeNull();
    expect(matchCommand(PERSONAL_COMMANDS, 'Relay,1#')).toBeNull();
  });
});

describe('checkParam and defaults', () => {
  it('starts a form from the defaults', () => {
    expect(defaultValues(timeZone)).toEqual({ direction: 'E', hours: 8, minutes: '0' });
  });
  it('accepts the bounds themselves', () => {
    const p = uploadInterval.params![0]!;
    expect(checkParam(p, 10)).toBeNull();
    expect(checkParam(p, 18000)).toBeNull();
    expect(checkParam(p, 18001)).not.toBeNull();
  });
  it('queues only commands that mean something later', () => {
    expect(mayQueueOffline(locate)).toBe(false);
    expect(mayQueueOffline(uploadInterval)).toBe(true);
    expect(mayQueueOffline(null)).toBe(true);
  });
});

describe('seeded command sets', () => {
  it('are consistent and cover what issue 13 names', () => {
    for (const set of [
      GT06_COMMANDS,
      JT808_COMMANDS,
      LONG_STANDBY_COMMANDS,
      WIRELESS_COMMANDS,
      PERSONAL_COMMANDS,
    ])
      expect(commandSetProblems({ commands: set })).toEqual([]);
    const keys = new Set([...GT06_COMMANDS, ...LONG_STANDBY_COMMANDS].map((c) => c.key));
    for (const k of ['locate', 'relayOff', 'relayOn', 'reboot', 'uploadInterval', 'sos', 'timeZone', 'apn'])
      expect(keys).toContain(k);
    for (const k of ['serverAddress', 'modeSwitch', 'raw']) expect(keys).toContain(k);
  });
  it('finds a template placeholder without a parameter, and the reverse', () => {
    expect(
      commandSetProblems({
        commands: [
          {
            key: 'a',
            labelKey: 'x',
            content: 'A,{b}#',
            params: [{ name: 'c', labelKey: 'y', type: 'text' }],
          },
        ],
      }),
    ).toEqual(['a: {b} has no parameter', 'a: parameter c is not used']);
  });
});
