import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplyMessage } from '../../../server/gateway/codec';
import { CommandChannel } from '../../../server/gateway/runtime/command-channel';
import type { TrackerConnection } from '../../../server/gateway/runtime/connection';
import type { GatewayContext } from '../../../server/gateway/runtime/context';
import { COMMAND_RESULT } from '../../../src/domain/codes';

/** A GT06 connection that records what is written to it. */
function gt06Channel() {
  const written: Buffer[] = [];
  const conn = {
    codec: { protocol: 'gt06' },
    write: (b: Buffer) => written.push(b),
  } as unknown as TrackerConnection;
  const ctx = { options: { commandTimeoutMs: 1000 } } as unknown as GatewayContext;
  return { channel: new CommandChannel(conn, ctx), written };
}

const reply = (text: string, outcome?: ReplyMessage['outcome']) =>
  ({ type: 'commandReply', text, ...(outcome ? { outcome } : {}) }) as unknown as ReplyMessage;

describe('CommandChannel', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a message it cannot encode alone: the next command still gets its own reply', async () => {
    vi.useFakeTimers();
    const { channel, written } = gt06Channel();
    const binary = channel.send('OTA', 1000, { id: 0x8108, body: '00' });
    await expect(binary).rejects.toThrow('JT/T 808 only');
    expect(written).toHaveLength(0);

    const text = channel.send('WHERE#', 5000);
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toHaveLength(1);
    // Past the failed command's timeout: nothing of it may settle this one.
    await vi.advanceTimersByTimeAsync(1500);
    channel.onReply(reply('Lat:1 Lon:2'));
    await expect(text).resolves.toMatchObject({ reply: 'Lat:1 Lon:2' });
  });

  it("settles with the decoder's meaning of the answer when it has one, else the spec's text rule", async () => {
    const { channel } = gt06Channel();
    const carried = channel.send('RELAY,1#');
    await new Promise((r) => setImmediate(r));
    channel.onReply(reply('S20,DONE', 'success'));
    await expect(carried).resolves.toMatchObject({ reply: 'S20,DONE', result: COMMAND_RESULT.success });

    const refused = channel.send('RELAY,1#');
    await new Promise((r) => setImmediate(r));
    channel.onReply(reply('Restore OK but ERROR', 'error'));
    await expect(refused).resolves.toMatchObject({ result: COMMAND_RESULT.error });

    const plain = channel.send('WHERE#');
    await new Promise((r) => setImmediate(r));
    channel.onReply(reply('S20,DONE'));
    await expect(plain).resolves.toMatchObject({ reply: 'S20,DONE', result: COMMAND_RESULT.error });
  });
});
