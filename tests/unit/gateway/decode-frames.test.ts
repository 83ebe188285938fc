import { describe, expect, it } from 'vitest';
import { CODECS, decodeHexInput, detectProtocol, frameHex, normalizeHex } from '../../../server/gateway/decode-frames';
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

  // Public frames: H02 and TK103 from Traccar's decoder tests, as a person pastes them.
  const H02_TEXT = '*HQ,865205030330012,V1,145452,A,2240.55181,N,11358.32389,E,0.00,0,100815,FFFFFBFF#';
  const TK103_TEXT = '(035988863964BP05000035988863964110524A4241.7977N02318.7561E000.0123536356.5100000000L000946BB)';
  const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');

  it('detects the text families by their own frame starts', () => {
    expect(detectProtocol(hexOf(H02_TEXT))).toBe('h02');
    expect(detectProtocol(hexOf(TK103_TEXT))).toBe('tk103');
    expect(detectProtocol(hexOf('$$A12,353358017784062,AAA,35,22.0,114.0*00\r\n'))).toBe('meitrack');
  });

  it('takes a text frame pasted as text, and gives back the CR LF a pasted Meitrack line lost', () => {
    expect(frameHex(H02_TEXT)).toEqual({ hex: hexOf(H02_TEXT) });
    expect(frameHex('$$A1,1,AAA*00')).toEqual({ hex: hexOf('$$A1,1,AAA*00\r\n') });
    expect(frameHex('78\u00e9')).toEqual({ problem: 'notHex' });
    expect(decodeForPage(H02_TEXT)).toMatchObject({
      ok: true,
      protocol: 'h02',
      messages: [{ type: 'location', deviceId: '865205030330012' }],
    });
    expect(decodeForPage(TK103_TEXT)).toMatchObject({ ok: true, protocol: 'tk103', detected: true });
  });
});
