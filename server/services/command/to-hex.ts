import type { CommandFraming } from '../../../src/domain/command-set';
import { encodeGt06Command } from '../../gateway/gt06';
import { encodeGbk, encodeJt808Terminal, encodeJt808TextCommand } from '../../gateway/jt808';
import { badField } from '../../lib/errors';

/**
 * A command's bytes (config/toHex): the text itself and the whole frame our gateway would
 * write for it, GT06 0x80 or JT/T 808 0x8300, with serial 1. For checking a tracker's manual.
 */
export function commandToHex(content: string, framing: CommandFraming, terminalId = '000000000000') {
  try {
    if (framing === 'gt06Text') {
      const frame = encodeGt06Command(content, { serial: 1, serverFlag: 1 });
      return { textHex: Buffer.from(content, 'latin1').toString('hex'), frameHex: frame.toString('hex') };
    }
    const frame = encodeJt808TextCommand({ terminal: encodeJt808Terminal(terminalId) }, content, {
      serial: 1,
    });
    return { textHex: encodeGbk(content).toString('hex'), frameHex: frame.toString('hex') };
  } catch (e) {
    // GT06 takes printable ASCII only; an 808 terminal number is digits.
    if (e instanceof RangeError)
      throw badField('fieldFormat', framing === 'gt06Text' ? 'content' : 'terminalID');
    throw e;
  }
}
