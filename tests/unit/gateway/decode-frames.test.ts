import { describe, expect, it } from 'vitest';
import { CODECS, decodeHexInput, detectProtocol, normalizeHex } from '../../../server/gateway/decode-frames';
import { decodeForPage } from '../../../server/routes/factory/logs/decode';
import { GT06, JT808 } from './frames';

describe('shared frame decoding', () => {
  it('detects the protocol by the frame start', () => {
    expect(detectProtocol(GT06.login)).toBe('gt06');
    expect(detectProtocol('7979000a')).toBe('gt06');
    expect(detectProtocol(JT808.location)).toBe('jt808');
    expect(detectProtocol('abcd')).toBeNull();
  });

  it('accepts spaces and a 0x prefix, refuses what is not hex', () => {
    expect(normalizeHex(' 0x78 78 0d ')).toEqual({ hex: '78780d' });
    expect(normalizeHex('')).toEqual({ problem: 'empty' });
    expect(normalizeHex('78g8')).toEqual({ problem: 'notHex' });
    expect(normalizeHex('787')).toEqual({ problem: 'oddDigits' });
  });

  it('decodes with the gateway’s reply, sharing a session across frames', () => {
    const session = {};
    const login = decodeHexInput(CODECS.gt06, GT06.login, session);
    expect(login).toMatchObject({ ok: true, reply: '78780501000955940d0a' });
    const loc = decodeHexInput(CODECS.gt06, GT06.location12, session);
    expect(loc).toMatchObject({ ok: true, messages: [{ type: 'location', deviceId: '864717003283581' }] });
    expect(Object.keys((loc as { messages: object[] }).messages[0])[0]).toBe('type');
  });

  it('gives the page the detected protocol and a refused frame as an answer', () => {
    expect(decodeForPage(JT808.location)).toMatchObject({ ok: true, protocol: 'jt808', detected: true });
    expect(decodeForPage('78780d01', 'gt06')).toMatchObject({ ok: false, protocol: 'gt06' });
    expect(() => decodeForPage('zz')).toThrow();
    expect(() => decodeForPage('0102')).toThrow();
  });
});
