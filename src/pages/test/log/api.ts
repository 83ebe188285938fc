import type { TcpProtocol } from '../../../domain/protocol-family';
import { request } from '../../../providers/http';

export type DecodeProtocol = 'auto' | TcpProtocol;

/** POST /log/decode: one frame's messages and the gateway's reply, or why the codec refused it. */
export type DecodeAnswer = { protocol: Exclude<DecodeProtocol, 'auto'>; detected: boolean } & (
  { ok: true; messages: Record<string, unknown>[]; reply: string | null } | { ok: false; error: string }
);

export const decodeFrame = (hex: string, protocol: DecodeProtocol) =>
  request<DecodeAnswer>('/log/decode', { hex, protocol });
