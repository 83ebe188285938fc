/**
 * The live log monitor's websocket (server/realtime/log-watch.ts): after the server's hello it
 * sends the watched IMEIs, again after every reconnect, and hands over the frames and answers.
 */
import { API_MESSAGE } from '../../../domain/codes';
import type { LogFrame, LogWatchAnswer } from '../../../domain/device-log';
import { API_BASE } from '../../../providers/http';
import { backoffDelay, type LiveStatus } from '../../../providers/live';
import { expireSession } from '../../../providers/session';

export interface LogSocketOptions {
  token: string;
  onFrames(frames: LogFrame[]): void;
  onAnswer(answer: LogWatchAnswer): void;
  onStatus(status: LiveStatus): void;
}

export interface LogSocket {
  watch(terminalIds: string[]): void;
  close(): void;
}

export function connectLogSocket(opts: LogSocketOptions): LogSocket {
  let socket: WebSocket | null = null;
  let ready = false;
  let watched: string[] = [];
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const send = () => {
    if (socket && ready) socket.send(JSON.stringify({ type: 'logWatch', terminalIds: watched }));
  };

  const open = () => {
    if (closed) return;
    opts.onStatus('connecting');
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(
      `${proto}//${location.host}${API_BASE}/ws?token=${encodeURIComponent(opts.token)}`,
    );
    socket = ws;
    ready = false;
    ws.onmessage = (msg) => {
      let data: { type?: string; frames?: LogFrame[]; message?: string };
      try {
        data = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      if (data.type === 'hello') {
        attempt = 0;
        ready = true;
        opts.onStatus('open');
        if (watched.length) send();
      } else if (data.type === 'logFrames' && Array.isArray(data.frames)) opts.onFrames(data.frames);
      else if (data.type === 'logWatchAck') opts.onAnswer(data as LogWatchAnswer);
      else if (data.type === 'error' && data.message === API_MESSAGE.sessionExpired) {
        closed = true;
        expireSession();
      }
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      ready = false;
      opts.onStatus('closed');
      if (!closed) timer = setTimeout(open, backoffDelay(attempt++));
    };
  };
  open();

  return {
    watch(terminalIds) {
      watched = terminalIds;
      send();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000);
      socket = null;
    },
  };
}
