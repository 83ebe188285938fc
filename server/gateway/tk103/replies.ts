/** What the server sends a TK103 tracker: the answers it waits for and the command frame. */
import { buildTk103Frame } from './framing';

/** BP00 handshake -> AP01 with HSO: the tracker waits for it before its next handshake. */
export const tk103HandshakeReply = (id: string): Buffer => buildTk103Frame(id, 'AP01', 'HSO');
/** BP05 login -> AP05: the tracker keeps logging in until it arrives. */
export const tk103LoginReply = (id: string): Buffer => buildTk103Frame(id, 'AP05');
/** BO01 alarm -> AS01 with the alarm code: the tracker repeats the alarm until it arrives. */
export const tk103AlarmAck = (id: string, alarmCode: string): Buffer =>
  buildTk103Frame(id, 'AS01', alarmCode);
