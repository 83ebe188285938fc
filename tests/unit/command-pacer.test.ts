import { describe, expect, it } from 'vitest';
import { Pacer } from '../../server/services/command/batch/pacer';

// Longer than any wait of the pacer (1000 / rate ms): its timer has fired when a turn ends.
const tick = () => new Promise((r) => setTimeout(r, 20));

/**
 * Commands started while a clock under the test's control moves in turns of `turnMs` (a
 * gateway busy storing positions turns its event loop rarely): the starts depend on the clock
 * alone, not on how fast this machine is.
 */
async function startsOver(rate: number, turnMs: number, turns: number) {
  let t = 0;
  const pacer = new Pacer(rate, 10_000, () => t);
  let started = 0;
  let stop = false;
  const run = (async () => {
    for (;;) {
      await pacer.acquire();
      if (stop) return;
      started++;
      pacer.release();
    }
  })();
  for (let i = 0; i < turns; i++) {
    t += turnMs;
    await tick();
  }
  stop = true;
  t += 1000;
  await run;
  return started;
}

describe('batch command pacer', () => {
  it('keeps its rate when the event loop turns only ten times a second', async () => {
    // One second in ten turns at 200 a second: 200 starts (a timer per command managed 16).
    expect(await startsOver(200, 100, 10)).toBe(201);
  });

  it('never runs ahead of its rate on a loop that turns often', async () => {
    // 40 turns of 5 ms at 100 a second: 20 starts (and the one the bucket starts with).
    expect(await startsOver(100, 5, 40)).toBe(21);
  });

  it('releases at most half a second of commands after a long stall', async () => {
    let t = 0;
    const pacer = new Pacer(100, 10_000, () => t);
    t = 10_000;
    let started = 0;
    for (let i = 0; i < 80; i++) void pacer.acquire().then(() => started++);
    // The acquires that found a token have resolved; the others wait for the (frozen) clock.
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(50);
  });

  it('holds at most `concurrency` commands awaiting their reply', async () => {
    let t = 0;
    const pacer = new Pacer(1000, 3, () => t);
    t = 1000;
    let started = 0;
    for (let i = 0; i < 5; i++) void pacer.acquire().then(() => started++);
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(3);
    pacer.release();
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(4);
  });
});
