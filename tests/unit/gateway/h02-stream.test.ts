import { describe, expect, it } from 'vitest';
import {
  createH02Splitter,
  detectH02,
  encodeH02Binary,
  encodeH02Command,
  h02Codec,
  parseH02Command,
} from '../../../server/gateway/h02';
import { TRACCAR_H02, vectorBytes } from './h02-frames';

const NOW = new Date('2026-01-01T08:09:10Z');
const V1 = '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#';
const NBR = '*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#';
const SHORT = Buffer.from('2441060116601245431311165035313006004318210e000000fffffbffff0024', 'hex');
const LONG = Buffer.from('2441091144271222470112142233983006114026520E000000FFFFFBFFFF0014060000000001CC00262B0F170A', 'hex');

const hexes = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

/** Feeds `stream` in two pieces cut at every point; returns the frames of each cut. */
function everyCut(stream: Buffer, options = {}): Buffer[][] {
  const out: Buffer[][] = [];
  for (let cut = 0; cut <= stream.length; cut++) {
    const s = createH02Splitter(options);
    out.push([...s.push(stream.subarray(0, cut)), ...s.push(stream.subarray(cut))]);
  }
  return out;
}

describe('H02 splitter', () => {
  it('cuts text frames, their CR LF and 32-byte binary frames at every split point', () => {
    const frames = [Buffer.from(V1), SHORT, Buffer.from(NBR), SHORT];
    const stream = Buffer.concat([frames[0], Buffer.from('\r\n'), frames[1], frames[2], Buffer.from('\r\n'), frames[3]]);
    for (const got of everyCut(stream)) expect(hexes(got)).toEqual(hexes(frames));
  });

  it('learns a 45-byte frame length from the next marker and keeps it for the connection', () => {
    const stream = Buffer.concat([LONG, LONG, Buffer.from(V1), LONG]);
    const want = hexes([LONG, LONG, Buffer.from(V1), LONG]);
    // After the first frame the length is known, so any later cut works.
    for (let cut = LONG.length; cut <= stream.length; cut++) {
      const s = createH02Splitter();
      expect(hexes([...s.push(stream.subarray(0, cut)), ...s.push(stream.subarray(cut))])).toEqual(want);
    }
    // A 45-byte frame alone in a read is taken whole.
    expect(hexes(createH02Splitter().push(LONG))).toEqual([LONG.toString('hex')]);
  });

  it('takes a configured binary length at every split point', () => {
    const stream = Buffer.concat([LONG, Buffer.from(V1), LONG]);
    for (const got of everyCut(stream, { binaryLength: 45 }))
      expect(hexes(got)).toEqual(hexes([LONG, Buffer.from(V1), LONG]));
  });

  // Traccar's H02FrameDecoderTest "alternative" stream: NBR text, a 45-byte `$` frame, its 32-byte `X` twin, NBR text.
  const NBR1 = Buffer.from('2a48512c343230363131393133302c4e42522c3130323430332c3233382c312c302c372c313131312c323236342c36332c313131312c323236352c35382c313131312c323236362c35302c313131312c333133352c33372c313131312c3630352c33332c313131312c343932302c33302c313131312c3630372c32382c3131303131372c46464646444646462c3623', 'hex');
  const ALT45 = Buffer.from('2442061191301024031101175540227006012321670c000095fffffbffff001f00000001f800ee010000000032', 'hex');
  const X32 = Buffer.from('5800009814991024031101175540227006012321670c000095fffffbffff0033', 'hex');
  const NBR2 = Buffer.from('2a48512c343230363131393133302c4e42522c3130323431362c3233382c312c302c372c313131312c323236342c35332c313131312c323236352c36302c313131312c323236362c34342c313131312c333133352c34332c313131312c3630352c33392c313131312c343932302c32392c313131312c3630372c32342c3131303131372c46464646464246462c3623', 'hex');

  it('cuts Traccar’s alternative stream (text, 45-byte $, X, text) at every split point', () => {
    const frames = [NBR1, ALT45, X32, NBR2];
    const stream = Buffer.concat(frames);
    everyCut(stream).forEach((got, cut) => {
      // The cuts the splitter cannot tell from a shorter frame: the first binary frame cut at 32 or 42 bytes.
      if (![32, 42].includes(cut - NBR1.length)) expect(hexes(got), `cut ${cut}`).toEqual(hexes(frames));
    });
    const session = {};
    const decoded = frames.map((f) => h02Codec.decodeFrame(f, session, NOW));
    expect(decoded.map((r) => r.messages[0]?.type)).toEqual(['location', 'location', 'unknown', 'location']);
    expect(decoded[1].messages[0]).toMatchObject({ deviceId: '4206119130', attributes: { mcc: 238, mnc: 1 } }); // the same MCC/MNC as its NBR reports
  });

  it('skips garbage between frames and counts it', () => {
    const s = createH02Splitter();
    const junk = Buffer.from('\x00\x01zz*9,#*HQ\xff', 'latin1');
    const got = s.push(Buffer.concat([junk, Buffer.from(V1), Buffer.from('garbage'), SHORT]));
    expect(hexes(got)).toEqual(hexes([Buffer.from(V1), SHORT]));
    expect(s.droppedBytes).toBe(junk.length + 'garbage'.length);
  });

  it('stays within its buffer cap on a text frame that never ends', () => {
    const s = createH02Splitter({ maxBuffer: 512 });
    for (let i = 0; i < 50; i++) s.push(Buffer.from('*HQ,1234567890,V1,' + 'x'.repeat(100)));
    expect(s.buffered).toBeLessThanOrEqual(512);
    expect(s.droppedBytes).toBeGreaterThan(0);
    expect(hexes(s.push(Buffer.from('#' + V1)))).toContain(Buffer.from(V1).toString('hex'));
  });

  it('frames every Traccar vector alone in a read', () => {
    for (const v of TRACCAR_H02) {
      const frame = vectorBytes(v);
      const got = createH02Splitter().push(frame);
      expect(got.length, v.text ?? v.hex).toBe(1);
      expect(got[0].toString('latin1').trimEnd()).toBe(frame.toString('latin1').trimEnd());
    }
  });
});

describe('H02 commands', () => {
  const session = { deviceId: '4210051415' };

  it('translates the platform relay and interval words (Traccar H02ProtocolEncoder)', () => {
    expect(encodeH02Command('RELAY,1#', session, NOW).toString()).toBe('*HQ,4210051415,S20,080910,1,1#');
    expect(encodeH02Command('Relay,0#', session, NOW).toString()).toBe('*HQ,4210051415,S20,080910,1,0#');
    expect(encodeH02Command('TIMER,30#', session, NOW).toString()).toBe('*HQ,4210051415,S71,080910,22,30#');
  });

  it('wraps any other command in the header with the command time, and sends a full frame as it is', () => {
    expect(encodeH02Command('D1,30', session, NOW).toString()).toBe('*HQ,4210051415,D1,080910,30#');
    expect(encodeH02Command('scf,0,0#', session, NOW).toString()).toBe('*HQ,4210051415,SCF,080910,0,0#');
    expect(encodeH02Command('*HQ,4210051415,R1,080910#', session, NOW).toString()).toBe('*HQ,4210051415,R1,080910#');
    expect(() => encodeH02Command('RELAY,1#', {}, NOW)).toThrow();
  });

  it('uses the maker code the device spoke with', () => {
    const th = {};
    h02Codec.decodeFrame(Buffer.from('*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#'), th, NOW);
    expect(encodeH02Command('RELAY,1#', th, NOW).toString()).toBe('*TH,2020916012,S20,080910,1,1#');
  });

  it('goes out through the codec and parses back', () => {
    const frame = h02Codec.encodeTextCommand!('RELAY,1#', session).toString();
    expect(parseH02Command(frame)).toMatchObject({ id: '4210051415', command: 'S20', params: ['1', '1'] });
  });
});

describe('H02 detect', () => {
  it('knows its text and binary frames', () => {
    expect(detectH02(Buffer.from(V1))).toBe(true);
    expect(detectH02(Buffer.from('*hq,356327080425330,VP1,A#'))).toBe(true);
    expect(detectH02(SHORT)).toBe(true);
    expect(detectH02(LONG)).toBe(true);
    expect(detectH02(encodeH02Binary('1234567890', { time: NOW, latitude: 1, longitude: 2, speed: 0, course: 0 }, 0xffffffff))).toBe(true);
    for (const v of TRACCAR_H02) expect(h02Codec.detect!(vectorBytes(v)), v.text ?? v.hex).toBe(true);
  });

  it('refuses other protocols and junk', () => {
    expect(detectH02(Buffer.from('78780d010123456789012345000139ae0d0a', 'hex'))).toBe(false); // GT06 login
    expect(detectH02(Buffer.from('000F333536333037303432343431303133', 'hex'))).toBe(false); // Teltonika IMEI
    expect(detectH02(Buffer.from('$$A35,7,AAA,35,22.1,114.1#', 'latin1'))).toBe(false); // Meitrack-like
    expect(detectH02(Buffer.concat([Buffer.from([0x24]), Buffer.alloc(31, 0xaa)]))).toBe(false);
    expect(detectH02(Buffer.from('*12,abc#'))).toBe(false);
  });
});
