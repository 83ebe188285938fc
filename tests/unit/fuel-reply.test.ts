import { describe, expect, it } from 'vitest';
import { FUEL_REPLY_KINDS, fuelReplyKind, type FuelReplyKind } from '../../src/domain/fuel-reply';
import { commandAnswer } from '../../server/sim/answers';
import { seededRng, startVehicle } from '../../server/sim/route';

// Real wordings, with their sources:
// - [traccar] traccar/traccar src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java:
//   0x15 reply frames from real GT06 devices.
// - [concox] Concox "GPS Tracker Communication Protocol", appendix B (also quoted in
//   traccar/traccar issue #3212): DYD/HFYD replies.
// - [firmware] raspiduino/MT2503 track/cust/cust_src/track_cust_module_oil_cut.c: the MT2503
//   GT06-family firmware's reply strings (English, and Chinese sent as UTF-16 in 0x21 replies).
// - [manual] Concox GPS terminal user manual 6.6 (manualshive.com, concox 2651628 p.18):
//   "Cut off the fuel supply: Success! Speed:0 Km/h".
// - [issue] traccar/traccar issue #2869: a GT06/TK06 answering DYD with "DYD=Unvalued Fix".
// - [coban] Coban GPS-103 / TK103 user manual 6.20.2: "it will be executed after speed less than 20KM/H".
// - [app] public client code comparing Traccar's `result` attribute verbatim
//   ("Restore fuel supply:Success!", double space in "state of  fuel").
// - [seed] this project's seeded operations (server/db/seed/operations.ts).
const REAL: Array<[string, FuelReplyKind]> = [
  ['Cut off the fuel supply: Success!', 'cutSuccess'], // [traccar]
  ['Restore fuel supply: Success!', 'restoreSuccess'], // [traccar]
  ['Already in the state of fuel supply to resume,the command is not running!', 'restoreAlready'], // [traccar]
  ['DYD=Success!', 'cutSuccess'], // [traccar], [concox]
  ['HFYD=Success!', 'restoreSuccess'], // [concox]
  ['Already in the state of fuel supply cut off,the command is not running!', 'cutAlready'], // [concox]
  ['Already in the state of fuel supply cut off, the command is not running!', 'cutAlready'], // [firmware]
  ['Already in the state of fuel supply to resume, the command is not running!', 'restoreAlready'], // [firmware]
  ['Already in the state of  Power supply cut off, the command is not running!', 'cutAlready'], // [firmware]
  ['Already in the state of Power supply to resume, the command is not running!', 'restoreAlready'], // [firmware]
  ['Cut off the fuel supply: Success! Speed: 12km/h.', 'cutSuccess'], // [firmware]
  ['Cut off the fuel supply: Success!\nSpeed:0 Km/h', 'cutSuccess'], // [manual]
  ['Cut off the power supply: Success!', 'cutSuccess'], // [firmware]
  ['Restore Power supply: Success!', 'restoreSuccess'], // [firmware]
  ['cancelled the command of cutting-off fuel supply; fuel supply is on.', 'restoreSuccess'], // [firmware]
  ['GPS not fixed, Cut off the fuel supply operation delay execution!', 'noFixOrSpeed'], // [firmware]
  ['Cut off the power supply: Delay! GPS not location.', 'noFixOrSpeed'], // [firmware]
  ['Cut off the fuel supply: Delay! speed limit: 20km/h.', 'noFixOrSpeed'], // [firmware]
  [
    'Speed  exceeds the safety limit: 35km /h, Cut off the fuel supply operation delay execution!',
    'noFixOrSpeed',
  ], // [firmware]
  ['DYD=Unvalued Fix', 'noFixOrSpeed'], // [issue]
  ['it will be executed after speed less than 20KM/H', 'noFixOrSpeed'], // [coban]
  ['切断油电成功！速度：0公里/时', 'cutSuccess'], // [firmware]
  ['恢复油电成功！', 'restoreSuccess'], // [firmware]
  ['终端已处于断油电状态，本指令不再执行！', 'cutAlready'], // [firmware]
  ['终端已处于恢复油电状态，本指令不再执行！', 'restoreAlready'], // [firmware]
  ['切断油电延后执行，GPS未定位', 'noFixOrSpeed'], // [firmware]
  ['速度超限：35公里/时，切断油电延后执行！', 'noFixOrSpeed'], // [firmware]
  ['断油电指令已取消，油电现为接通状态。', 'restoreSuccess'], // [firmware]
  ['Restore fuel supply:Success!', 'restoreSuccess'], // [app]
  ['Already in the state of  fuel supply cut off, the command is not running!', 'cutAlready'], // [app]
  ['Restore fuel supply: Failed! Please try again later', 'failed'], // [seed]
];

describe('fuel cut/restore replies', () => {
  it.each(REAL)('%s', (reply, kind) => {
    expect(fuelReplyKind(reply)).toBe(kind);
  });

  it('ignores case and spacing', () => {
    expect(fuelReplyKind('  CUT OFF THE FUEL SUPPLY:SUCCESS!  ')).toBe('cutSuccess');
    expect(fuelReplyKind('already in the state of fuel supply cutoff')).toBe('cutAlready');
  });

  // No public source quotes a device's failure or ignition-on wording verbatim; these are the
  // shapes the firmware's other replies suggest ("<action>: <result>!", "… delay execution").
  it.each<[string, FuelReplyKind]>([
    ['Cut off the fuel supply: Fail!', 'failed'],
    ['Cut off the fuel supply: Failed!', 'failed'],
    ['DYD=Fail!', 'failed'],
    ['HFYD=Fail!', 'failed'],
    ['断油电失败，请稍后再试', 'failed'],
    ['ACC ON, Cut off the fuel supply operation delay execution!', 'accDelayed'],
    ['ACC is ON, the command will be executed after ACC OFF', 'accDelayed'],
    ['Cut off the fuel supply will be executed when ACC turns off', 'accDelayed'],
    ['ACC开启，断油电将在熄火后执行', 'accDelayed'],
  ])('variant %s', (reply, kind) => {
    expect(fuelReplyKind(reply)).toBe(kind);
  });

  it("classifies the simulator's answers as success", () => {
    const vehicle = startVehicle(22.5, 114.05, seededRng(1));
    expect(fuelReplyKind(commandAnswer('Relay,1#', vehicle))).toBe('cutSuccess');
    expect(fuelReplyKind(commandAnswer('Relay,0#', vehicle))).toBe('restoreSuccess');
    expect(fuelReplyKind(commandAnswer('WHERE#', vehicle))).toBeNull();
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['OK'],
    ['Reset OK'],
    ['Mode set OK'],
    ['RELAY:1'],
    ['SERVER set OK!'],
    ['Lat:N22.500000,Lon:E114.050000,Speed:30km/h'],
    ['Battery:4.16V,NORMAL; GPRS:Link Up; GSM Signal Level:Strong; GPS:Searching; ACC:ON; Defense:OFF'],
    ['Attention please! ACC ON'],
    ['Timing report:(ON, acc on:10, acc off:300); Fixed pitch:(OFF, distance:300)'],
    ['Speed alarm set OK: alarm when speed over 120km/h'],
    ['GPS:no fix'],
    ['Sending failed, please try again later'],
    ['The terminal will restart after 20 second!'],
  ])('%s is not a fuel reply', (reply) => {
    expect(fuelReplyKind(reply)).toBeNull();
  });

  it('lists every kind once', () => {
    expect(new Set(FUEL_REPLY_KINDS).size).toBe(7);
    expect(FUEL_REPLY_KINDS).toEqual([
      'cutSuccess',
      'restoreSuccess',
      'cutAlready',
      'restoreAlready',
      'failed',
      'accDelayed',
      'noFixOrSpeed',
    ]);
  });
});
