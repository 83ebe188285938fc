import type { VehicleState } from './route';

/**
 * How a simulated tracker answers a text command, worded as real devices of each family word
 * it (the Concox/JT-808 text commands, and the native words of Teltonika). Queries answer with
 * the data asked for and no success word, as the real ones do: the command set's reply rule
 * (src/domain/command-reply.ts) must judge them, not the spec's word rule.
 */
export function commandAnswer(command: string, v: VehicleState, deviceId = ''): string {
  const c = command.trim().toUpperCase();
  const lat = v.lat.toFixed(6);
  const lon = v.lon.toFixed(6);
  switch (c) {
    case 'RELAY,1#':
      return 'Cut off the fuel supply: Success!';
    case 'RELAY,0#':
      return 'Restore fuel supply: Success!';
    case 'WHERE#':
      return `Lat:N${lat},Lon:E${lon},Speed:${v.speed}km/h`;
    case 'RESET#':
      return 'Reset OK';
    case 'STATUS#':
      return 'Battery:4.12V,Power:Connected,GPRS:Link Up,GSM Signal Level:Strong,GPS:Positioned,Satellites:9';
    case 'PARAM#':
      return `IMEI:${deviceId};TIMER:10,180;SENDS:5;SOS:,,;CENTER:;GMT:E,8,0`;
    // Teltonika (FMB manual, "SMS/GPRS commands").
    case 'GETGPS':
      return `GPS:1 Sat:9 Lat:${lat} Long:${lon} Alt:45 Speed:${Math.round(v.speed)} Dir:${v.course}`;
    case 'SETDIGOUT 1':
      return 'DOUT1:ON Timeout:INFINITY';
    case 'SETDIGOUT 0':
      return 'DOUT1:OFF Timeout:INFINITY';
    case 'GETSTATUS':
      return 'Data Link: 1 GPRS: 1 Phone: 0 SIM: 0 OP: 46000 Signal: 5 NewSMS: 0 Roaming: 0 SMSFull: 0';
    case 'GETINFO':
      return 'RTC:2026/11/28 11:29 Init:2026/11/28 9:0 UpTime:8400s PWR:PwrVoltage RST:0 GPS:1 SAT:9';
  }
  if (c.startsWith('SWMODE')) return 'Mode set OK';
  return 'OK';
}
