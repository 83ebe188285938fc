import { describe, expect, it } from 'vitest';
import {
  buildJt808Frame,
  decodeJt808Frame,
  decodeJt808UpgradeBody,
  encodeJt808Terminal,
  encodeJt808UpgradeBody,
  JT808_MSG,
  parseJt808Frame,
  splitJt808Body,
} from '../../server/gateway/jt808';
import { displayName } from '../../server/services/ota/storage';
import { imageVersion } from '../../server/sim/ota';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { imeiList, otaFamily, parseRange, percentOf } from '../../src/domain/ota';

describe('parseRange', () => {
  it('reads single ranges, open and suffix ones', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });
  it('answers unsatisfiable past the end, and ignores what it cannot honour', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=9-3', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
  });
});

describe('OTA rules', () => {
  it('keeps 100 % for done and picks the upgrade by protocol', () => {
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(9999, 10000)).toBe(99);
    expect(percentOf(10, 10)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
    expect(otaFamily(DEVICE_PROTOCOL.Gt06)).toBe('gt06');
    expect(otaFamily(DEVICE_PROTOCOL.eight)).toBe('jt808');
    expect(otaFamily(DEVICE_PROTOCOL.K100)).toBeNull();
  });
  it('splits pasted IMEI lists', () => {
    expect(imeiList(' 1, 2\n2;3 \n\n')).toEqual(['1', '2', '3']);
  });
  it('never keeps a path in a display name', () => {
    expect(displayName('../../etc/passwd', 'x.bin')).toBe('passwd');
    expect(displayName('C:\\fw\\new fw.bin', 'x.bin')).toBe('new_fw.bin');
    expect(displayName('..', 'GT06N-V1.bin')).toBe('GT06N-V1.bin');
    expect(displayName(undefined, 'GT06N V1.bin')).toBe('GT06N_V1.bin');
  });
  it('finds the version simulated images carry', () => {
    expect(imageVersion(Buffer.from('VERSION=V1.2.3\n\x00\x01'))).toBe('V1.2.3');
    expect(imageVersion(Buffer.from('no marker'))).toBeNull();
  });
});

describe('JT/T 808 upgrade messages', () => {
  const target = { terminal: encodeJt808Terminal('13800000001') };
  it('encodes 0x8108 and splits it into sub-packages that reassemble', () => {
    const data = Buffer.from(Array.from({ length: 1300 }, (_, i) => i & 0xff));
    const body = encodeJt808UpgradeBody({ type: 0, manufacturer: 'FLTGT', version: 'V2.0', data });
    expect(body.subarray(0, 12).toString('hex')).toBe('00' + Buffer.from('FLTGT').toString('hex') + '04' + Buffer.from('V2.0').toString('hex') + '00');
    const parts = splitJt808Body(body, 512);
    expect(parts.map((p) => p.length)).toEqual([512, 512, body.length - 1024]);
    const frames = parts.map((p, i) =>
      parseJt808Frame(buildJt808Frame(JT808_MSG.upgradePackage, p, target, i, { count: parts.length, index: i + 1 })),
    );
    expect(frames[1].header).toMatchObject({ subpackage: true, packageCount: 3, packageIndex: 2, messageId: 0x8108 });
    expect(frames.every((f) => f.checkOk)).toBe(true);
    const back = decodeJt808UpgradeBody(Buffer.concat(frames.map((f) => f.body)));
    expect(back).toMatchObject({ type: 0, manufacturer: 'FLTGT', version: 'V2.0' });
    expect(back!.data.equals(data)).toBe(true);
    expect(decodeJt808UpgradeBody(body.subarray(0, body.length - 1))).toBeNull();
  });
  it('decodes the 0x0108 result and acknowledges it', () => {
    const r = decodeJt808Frame(buildJt808Frame(JT808_MSG.upgradeResult, Buffer.of(0, 1), target, 7));
    expect(r.messages[0]).toMatchObject({ type: 'upgradeResult', upgradeType: 0, result: 1 });
    expect(r.reply).not.toBeNull();
  });
});
