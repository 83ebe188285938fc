import { describe, expect, it } from 'vitest';
import {
  checkPlatformSettings,
  deviceIdCode,
  deviceIdNumber,
  parseIdPair,
  platformCommands,
  type PlatformSettings,
} from '../../src/domain/factory';
import { renderCommand } from '../../src/domain/command-set';
import { GT06_COMMANDS } from '../../server/db/seed/command-sets';

const base: PlatformSettings = {
  host: 'gps.example.com',
  port: 8841,
  apn: 'cmnet',
  apnUser: '',
  apnPassword: '',
  uploadInterval: 30,
  timezone: 8,
};

describe('GW005 ids', () => {
  it('numbers ids after a prefix and reads the number back', () => {
    expect(deviceIdCode('GW', 12)).toBe('GW000012');
    expect(deviceIdNumber('GW', 'GW000012')).toBe(12);
    expect(deviceIdNumber('GW', 'GWX00012')).toBeNull();
    expect(deviceIdNumber('GWT', 'GW000012')).toBeNull();
  });

  it('reads pasted pairs separated by a comma, a tab or spaces', () => {
    expect(parseIdPair('gw000001,868120000000001')).toEqual({
      code: 'GW000001',
      terminalId: '868120000000001',
    });
    expect(parseIdPair(' GW000001\t868120000000001 ')).toEqual({
      code: 'GW000001',
      terminalId: '868120000000001',
    });
    expect(parseIdPair('GW000001')).toBeNull();
    expect(parseIdPair('a,b,c')).toBeNull();
  });
});

describe('platform settings', () => {
  it('refuses a bad host, port or an APN that would break the text command', () => {
    expect(checkPlatformSettings(base)).toBeNull();
    expect(checkPlatformSettings({ ...base, host: 'a b' })).toBe('transferHostInvalid');
    expect(checkPlatformSettings({ ...base, host: 'gps.example.com:80' })).toBe('transferHostInvalid');
    expect(checkPlatformSettings({ ...base, port: 0 })).toBe('transferPortInvalid');
    expect(checkPlatformSettings({ ...base, apn: 'a,b' })).toBe('platformApnInvalid');
    expect(checkPlatformSettings({ ...base, apnPassword: 'x#' })).toBe('platformApnInvalid');
  });

  it('turns settings into the command set’s commands, the server address last', () => {
    const cmds = platformCommands({ ...base, host: '10.0.0.1', timezone: -5 });
    const texts = cmds.map((c) => {
      const def = GT06_COMMANDS.find((d) => d.key === c.commandKey)!;
      const r = renderCommand(def, c.params);
      if ('problem' in r) throw new Error(JSON.stringify(r.problem));
      return r.content;
    });
    expect(texts).toEqual(['TIMER,30#', 'GMT,W,5,0#', 'APN,cmnet,,#', 'SERVER,0,10.0.0.1,8841,0#']);
    expect(platformCommands({ ...base, apn: '' }).map((c) => c.commandKey)).toEqual([
      'uploadInterval',
      'timeZone',
      'serverAddress',
    ]);
    expect(platformCommands(base).at(-1)!.params).toMatchObject({ mode: '1', host: 'gps.example.com' });
  });
});
