import { describe, expect, it } from 'vitest';
import { COMMAND_RESULT } from '../../src/domain/codes';
import { classifyCommandReply, judgeReply, replyRuleProblems } from '../../src/domain/command-reply';
import { commandSetProblems } from '../../src/domain/command-set';

const { success, error, timeout } = COMMAND_RESULT;

describe("the spec's word rule", () => {
  it.each([
    ['Cut off the fuel supply: Success!', success],
    ['RELAY:OK', success],
    ['Already in the state of fuel supply cut off', success],
    ['set successfully', success],
    ['device timeout', timeout],
    ['', timeout],
    ['Failed, please try again later', error],
  ])('%s', (text, expected) => {
    expect(classifyCommandReply(text)).toBe(expected);
  });
});

describe('a reply judged by what the command expects', () => {
  const locate = { success: 'Lat:\\s*[NS]?-?\\d', error: 'not ?fixed|no gps' };

  it('a position answer to a locate command is a success, though it holds no success word', () => {
    const reply = 'Lat:N39.886730,Lon:E116.491265,Speed:0km/h';
    expect(classifyCommandReply(reply)).toBe(error);
    expect(judgeReply(locate, reply)).toBe(success);
  });

  it('the error pattern wins, even over a success word in the same reply', () => {
    expect(judgeReply(locate, 'GPS not fixed, last Lat:N39.88 OK')).toBe(error);
  });

  it("a reply neither pattern finds falls back to the family's meaning, then the word rule", () => {
    expect(judgeReply(locate, 'S20,DONE', 'success')).toBe(success);
    expect(judgeReply(locate, 'Command OK')).toBe(success);
    expect(judgeReply(locate, 'Unknown command')).toBe(error);
  });

  it('"any reply" makes every answer a success, unless the protocol says it was refused', () => {
    expect(judgeReply({ any: true }, 'IMEI:868120145233604;TIMER:10,180')).toBe(success);
    expect(judgeReply({ any: true }, 'DOUT1 ERROR', 'error')).toBe(error);
  });

  it('no reply is a timeout whatever the rule', () => {
    expect(judgeReply({ any: true }, null)).toBe(timeout);
    expect(judgeReply(locate, '', 'success')).toBe(timeout);
  });

  it("without a rule the family's meaning comes before the word rule", () => {
    expect(judgeReply(undefined, 'S20,DONE', 'success')).toBe(success);
    expect(judgeReply(undefined, 'DOUT1 state already set to: 1 (OK)', 'error')).toBe(error);
    expect(judgeReply(undefined, 'S20,DONE')).toBe(error);
  });

  it('patterns are case-insensitive', () => {
    expect(judgeReply({ success: 'battery:' }, 'BATTERY:4.1V')).toBe(success);
  });
});

describe('reply rules an administrator writes', () => {
  it('refuses a pattern that does not compile, is too long or can backtrack for ever', () => {
    expect(replyRuleProblems({ success: '(' }, 'locate')).toEqual([
      'locate: the success pattern is not a valid regular expression',
    ]);
    expect(replyRuleProblems({ error: 'x'.repeat(201) }, 'k')[0]).toMatch(/longer than 200/);
    expect(replyRuleProblems({ success: '(a+)+$' }, 'k')[0]).toMatch(/too long/);
    expect(replyRuleProblems({ success: 'Lat:', error: 'fail', any: true }, 'k')).toEqual([]);
    expect(replyRuleProblems(undefined, 'k')).toEqual([]);
  });

  it('a command set with a bad pattern names the command', () => {
    const problems = commandSetProblems({
      commands: [{ key: 'locate', labelKey: 'name.locate', content: 'WHERE#', reply: { success: '[' } }],
    });
    expect(problems).toEqual(['locate: the success pattern is not a valid regular expression']);
  });
});
