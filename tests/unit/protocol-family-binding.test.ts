import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { familyMayServe } from '../../src/domain/protocol-family';

describe('familyMayServe', () => {
  it('serves a device only through the family of its protocol code', () => {
    expect(familyMayServe('gt06', DEVICE_PROTOCOL.Gt06)).toBe(true);
    expect(familyMayServe('teltonika', DEVICE_PROTOCOL.Gt06)).toBe(false);
    expect(familyMayServe('osmand', DEVICE_PROTOCOL.Gt06)).toBe(false);
    expect(familyMayServe('jt808', DEVICE_PROTOCOL.Bsj)).toBe(true);
    expect(familyMayServe('osmand', DEVICE_PROTOCOL.OsmAnd)).toBe(true);
    // A bound family never overrides the protocol's own.
    expect(familyMayServe('teltonika', DEVICE_PROTOCOL.Gt06, 'teltonika')).toBe(false);
  });

  it('binds a code of no family to the first family that served it', () => {
    expect(familyMayServe('gt06', DEVICE_PROTOCOL.K100)).toBe(true);
    expect(familyMayServe('jt808', DEVICE_PROTOCOL.K100, 'gt06')).toBe(false);
    expect(familyMayServe('gt06', DEVICE_PROTOCOL.K100, 'gt06')).toBe(true);
  });
});
