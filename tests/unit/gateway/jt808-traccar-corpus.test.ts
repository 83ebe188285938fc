/**
 * JT/T 808 frames of Traccar's Jt808ProtocolDecoderTest (Apache-2.0, github.com/traccar/traccar)
 * that our decoder refused or misread until the corpus scoring (scripts/score-traccar-frames.ts):
 * 7D 01 left unescaped, Jointech's (…) text frames, AOVX AL300's alarm word.
 */
import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import { detectProtocol } from '../../../server/gateway/decode-frames';
import { createJt808Splitter, decodeJt808Frame, jt808Codec, parseJt808Frame } from '../../../server/gateway/jt808';
import { hex, JT808, toHex } from './frames';

const NOW = new Date('2026-11-26T12:00:00Z');

/** Traccar Jt808ProtocolDecoderTest frames (JC371 and AL300 under Traccar's model override). */
const FRAMES = {
  /** JC371: latitude 01 58 7D 01 sent as is; the declared body length (0x3E) counts it raw. */
  jc371Sos:
    '7E0200003E4EB6FB4AD6280002000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE8140C01103131313131313126010112000000000000467E',
  jc371Vibration:
    '7E0200003E4EB6FB4AD6280003000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE8140406103131313131313126010112000000000000487E',
  /** AL300: alarm word bit 16 set, firmware item 0xF2 "1AOVX_AL300-LA_…". */
  al300Movement:
    '7e020000ec6710704387730579000100009058000e015baf2c029bb433001200000129250310035204300111310108f03402d400020f720e0f00007d8b8e02d400020f720e0b00007d8b8c02d400020f720d0b00007d8b8a02d4000b092bf3030000c9a588f231414f56585f414c3330302d4c415f48322e305f4547393135554c4141425230334130344d30385f56322e312e303a763031f40e18ef3a6ae1c6be00bb252515d3b5f614021901cb006d0099052005dc002800000032000af70600000d6f003cf81d04086967107043877389550327001051953711414c3330302d4c410000f912000f0000000100000000000b2503100352322a7e',
  /** The same alarm bit 16 from firmware that does not name itself: tampering. */
  bit16Tampering:
    '7e02000033421030000018004c000200000004000201556dcb06c4d41d000c00f100fc210118095853010400000000fe0140ff0c01cc000000002694000055d87a7e',
  /** Jointech e-lock text frames. */
  textTime: '(794104004140,1,001,BASE,2,TIME)',
  textResult: '(740190311185,1,001,ELOCK,3,529439)',
} as const;

const text = (s: string) => Buffer.from(s, 'latin1');

function decodeOne(frame: Buffer, session: CodecSession = {}) {
  const result = decodeJt808Frame(frame, session, NOW);
  expect(result.error).toBeUndefined();
  expect(result.messages).toHaveLength(1);
  return { msg: result.messages[0], reply: result.reply };
}

describe('JT/T 808 unescaped 7D (Traccar Jt808ProtocolDecoderTest)', () => {
  it('reads the raw bytes when only they match the declared body length', () => {
    const f = parseJt808Frame(hex(FRAMES.jc371Sos));
    expect(f.checkOk).toBe(true);
    expect(f.body).toHaveLength(0x3e);
    const { msg } = decodeOne(hex(FRAMES.jc371Sos));
    expect(msg).toMatchObject({ type: 'alarm', alarm: 'sos', valid: true, latitude: 22.576385, longitude: 114.032486 });
    expect(decodeOne(hex(FRAMES.jc371Vibration)).msg).toMatchObject({ alarm: 'vibration' });
  });

  it('still unescapes a properly escaped frame', () => {
    const escaped = FRAMES.jc371Sos.replace('01587D01', '01587D0101');
    // Escaping 7D as 7D 01 makes the bytes the sender meant; the declared length now fits the unescaped body.
    const f = parseJt808Frame(hex(escaped));
    expect(f.body).toHaveLength(0x3e);
    expect(f.checkOk).toBe(true);
    expect(f.body.subarray(8, 12).toString('hex')).toBe('01587d01');
    const { msg } = decodeOne(hex(JT808.location));
    expect(msg).toMatchObject({ type: 'location', valid: true });
  });
});

describe('JT/T 808 alarm word of AOVX AL300/GL100 (Traccar Jt808ProtocolDecoderTest)', () => {
  it('reads bit 16 as movement when the firmware item names AL300', () => {
    const { msg } = decodeOne(hex(FRAMES.al300Movement));
    const loc = msg as LocationMessage;
    expect(loc.alarm).toBe('movement');
    expect(loc.alarms).toEqual(['movement']);
    expect(loc.attributes?.firmware).toMatch(/^AOVX_AL300/);
  });

  it('keeps bit 16 as tampering for other firmware', () => {
    expect(decodeOne(hex(FRAMES.bit16Tampering)).msg).toMatchObject({ alarm: 'tampering' });
  });
});

describe('Jointech (…) text frames on the 808 connection (Traccar Jt808ProtocolDecoderTest)', () => {
  it('answers BASE,2 with the UTC time in place of TIME', () => {
    const { msg, reply } = decodeOne(text(FRAMES.textTime));
    expect(msg).toMatchObject({ type: 'timeRequest', deviceId: '794104004140' });
    expect(reply?.toString('latin1')).toBe('(794104004140,1,001,BASE,2,20261126120000)');
  });

  it('keeps other text frames as command replies of the connection terminal', () => {
    const session: CodecSession = {};
    decodeJt808Frame(hex(JT808.location), session, NOW);
    const { msg, reply } = decodeOne(text(FRAMES.textResult), session);
    expect(msg).toMatchObject({ type: 'commandReply', text: FRAMES.textResult, deviceId: '13511221122' });
    expect(toHex(reply)).toBeNull();
  });

  it('claims Jointech text lines for the decoder page, and no TK103 line', () => {
    expect(jt808Codec.detect?.(text(FRAMES.textResult))).toBe(true);
    expect(detectProtocol(text(FRAMES.textTime).toString('hex'))).toBe('jt808');
    const tk103 = '(013632651491BP05000013632651491080524A2232.9806N11404.9355E000.1101241323.8700000000L000450AC)';
    expect(jt808Codec.detect?.(text(tk103))).toBe(false);
    expect(detectProtocol(text(tk103).toString('hex'))).toBe('tk103');
  });

  it('refuses a parenthesised frame that is not text', () => {
    expect(decodeJt808Frame(Buffer.from('28ff29', 'hex'), {}, NOW).error).toBeDefined();
  });

  it('cuts text frames and 7E frames apart in a stream, in any cut', () => {
    const stream = Buffer.concat([text(FRAMES.textTime), hex(JT808.heartbeat), text(FRAMES.textResult)]);
    const want = [FRAMES.textTime, JT808.heartbeat, FRAMES.textResult].map((s) =>
      s.startsWith('(') ? text(s).toString('hex') : s.toLowerCase(),
    );
    const whole = createJt808Splitter().push(stream);
    expect(whole.map((b) => b.toString('hex'))).toEqual(want);
    const splitter = createJt808Splitter();
    const bytes = Array.from(stream, (b) => splitter.push(Buffer.of(b))).flat();
    expect(bytes.map((b) => b.toString('hex'))).toEqual(want);
    expect(splitter.buffered).toBe(0);
  });

  it('drops a ( that opens no text frame and finds the next 7E frame', () => {
    const splitter = createJt808Splitter();
    const out = splitter.push(Buffer.concat([Buffer.from('28010203', 'hex'), hex(JT808.heartbeat)]));
    expect(out.map((b) => b.toString('hex'))).toEqual([JT808.heartbeat.toLowerCase()]);
    expect(splitter.droppedBytes).toBe(4);
  });
});

describe('JT/T 808 vendor items found in the corpus (Traccar Jt808ProtocolDecoderTest)', () => {
  const attributesOf = (frame: string) => (decodeOne(hex(frame)).msg as LocationMessage).attributes ?? {};

  it('reads BSJ 0xEB motion from sub-item 0x00C5 bits 23-24 (0 moving, 1 still, else unknown)', () => {
    const moving =
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffffff000600c5fe7fffef0004002d0fa5000300a85ce47e';
    expect(attributesOf(moving).motion).toBe(true);
    const unknown = moving.replace('00c5fe7fffef', '00c5ffffffef').replace('5ce47e', '5c657e');
    expect(attributesOf(unknown).motion).toBeUndefined();
  });

  it('reads BSJ 0xEB fuel sensors 0x0001 (1/10) and 0x0023 (ASCII)', () => {
    expect(
      attributesOf(
        '7E0200005C087034547007000B0000000000040003015A7CEF06CF8A84000000000000200108064451570800000000000000000104000000005309010000000000000000300113310109EB1D000800233030302E3838000A0003001A00000000000000050001037700B27E',
      ),
    ).toMatchObject({ fuel1: 88.7, fuel2: 0.88 });
    expect(
      attributesOf(
        '7E0200005C03204187290418C70000000000040003015AFC8D06D134D600000000000020040110063457080000000000000000010400000002530901000000000000000030010F310106EB1D000800233030312E3437000A000300000000000000000005000101A500357E',
      ),
    ).toMatchObject({ fuel2: 1.47 });
  });

  it('reads the event code of item 0x60', () => {
    const frame =
      '7e02000071768060874297002d0000000000208022015a30b006c869f8000000000000230505062034600b0004003930303235343939660b01cc0000000c40f89f27b067083133323134333232690201936a01116b01006c0f34363030383138353937303632343071143839383630343938313032313930353835373430607e';
    expect(attributesOf(frame).event).toBe(4);
  });
});

describe('JT/T 808 transparent fault codes (Traccar Jt808ProtocolDecoderTest)', () => {
  it('strips the NUL padding of a 0x0900 F0 fault code', () => {
    const frame =
      '7e090000344f07788ef87d0138f02305151230460102020001ffffffff000100001457000000020006503134353700000c000a029dc63004b99a98230515132726787e';
    const msg = decodeOne(hex(frame)).msg as LocationMessage;
    expect(msg.attributes?.dtcs).toBe('P1457');
  });
});

describe('AOVX GL100/AL300 items 0xF6 and 0xF8 (Traccar Jt808ProtocolDecoderTest)', () => {
  const gl100 =
    '7e020000bd4130571601850419000000001000000e01651ec702caec6402d10000000024082423485001040000000030011f310108f00d02d4000301080509000079c9aff231414f56585f474c3130302d4c415f48322e305f4547393135554c4141425230334130314d30385f56322e302e393a763130f616071eff940261ffe8ff10fdd805dc002800000032000af70600000f620150f81d04086541305716018589553202100062282617474c3130302d4c410000f912000f00000004000000000010240824234954d27e';

  it('reads the sensor block and the ICCID when the firmware item names GL100', () => {
    const msg = decodeOne(hex(gl100)).msg as LocationMessage;
    expect(msg).toMatchObject({ temperature: -10.8, iccid: '89553202100062282617' });
    expect(msg.attributes).toMatchObject({
      event: 7,
      temp1: -10.8,
      humidity: 60.9,
      gSensor: [-24, -240, -552],
      workingMode: 4,
    });
    expect(msg.attributes?.raw).toEqual({ f9: '000f00000004000000000010240824234954' });
  });

  it('keeps 0xF6 and 0xF8 raw for firmware that does not name itself AOVX', () => {
    // The firmware text changed from AOVX_GL100 to XOVX_GL100 (same length, check byte left as is).
    const other = gl100.replace('414f56585f474c313030', '584f56585f474c313030');
    const msg = decodeOne(hex(other)).msg as LocationMessage;
    expect(msg.iccid).toBeUndefined();
    expect(msg.temperature).toBeUndefined();
    expect(Object.keys((msg.attributes?.raw as object) ?? {})).toEqual(expect.arrayContaining(['f6', 'f8']));
  });
});
