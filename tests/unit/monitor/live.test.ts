import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveEvent } from '../../../src/providers/live';

/** A stand-in for the browser WebSocket: records instances so the test can play the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  serverSays(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  drop() {
    this.onclose?.();
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:8091' });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem() {}, removeItem() {} });
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('live connection', () => {
  it('opens /api/ws with the token, passes event batches on, and refreshes only after a reconnect', () => {
    const batches: LiveEvent[][] = [];
    const onReconnect = vi.fn();
    const live = connectLive({ token: 't/k', onEvents: (e) => batches.push(e), onReconnect });
    expect(FakeSocket.all[0].url).toBe('ws://localhost:8091/api/ws?token=t%2Fk');
    FakeSocket.all[0].serverSays({ type: 'hello', devices: 3 });
    expect(onReconnect).not.toHaveBeenCalled();
    FakeSocket.all[0].serverSays({ type: 'events', events: [{ type: 'position', deviceId: 1 }] });
    expect(batches).toEqual([[{ type: 'position', deviceId: 1 }]]);

    // Dropped: the next attempt waits 1 s, then 2 s, 4 s … (random = 1: the top of each range).
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2].serverSays({ type: 'hello', devices: 3 });
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // A hello resets the back-off.
    FakeSocket.all[2].drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);

    live.close();
    expect(FakeSocket.all[3].closed).toBe(true);
    FakeSocket.all[3].drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('stops retrying when the server says the session expired', () => {
    connectLive({ token: 'old', onEvents: () => {} });
    FakeSocket.all[0].serverSays({ type: 'error', message: '9902' });
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
