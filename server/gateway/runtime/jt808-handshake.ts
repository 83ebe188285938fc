import { eq } from 'drizzle-orm';
import { jt808Registrations } from '../../db/schema/jt808-registrations';
import type { Db } from '../../db/client';
import type { CodecSession, DecodeResult } from '../codec';
import {
  acceptsAuth,
  decideRegister,
  JT808_MAX_AUTH_FAILURES,
  JT808_REGISTER_RESULT,
  terminalKeyOf,
  type StoredRegistration,
} from '../jt808/auth';
import { encodeJt808GeneralReply, encodeJt808RegisterReply, JT808_RESULT } from '../jt808/encoder';
import { nextJt808Serial } from '../jt808/decoder';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';

/** What the connection does with a frame the handshake handled. */
export interface HandshakeOutcome {
  reply: Buffer | null;
  /** Set when the terminal has just authenticated: the connection now belongs to it. */
  device?: KnownDevice;
  /** Set when the connection must be closed after the reply, with the reason. */
  close?: string;
  /** What the frame log records beside the decoded messages. */
  note: Record<string, unknown>;
}

async function loadRegistration(db: Db, terminalId: string): Promise<StoredRegistration | null> {
  const [row] = await db
    .select({ authCode: jt808Registrations.authCode, terminalKey: jt808Registrations.terminalKey })
    .from(jt808Registrations)
    .where(eq(jt808Registrations.terminalId, terminalId))
    .limit(1);
  return row ?? null;
}

/** Stores a new code unless another node stored one first; answers the stored registration. */
async function saveRegistration(db: Db, terminalId: string, reg: StoredRegistration) {
  await db
    .insert(jt808Registrations)
    .values({ terminalId, ...reg })
    .onConflictDoNothing({ target: jt808Registrations.terminalId });
  return loadRegistration(db, terminalId);
}

/**
 * The JT/T 808 register/authenticate exchange of one connection (rules in jt808/auth.ts).
 * Registrations are read from the database on every attempt, never from a cache: a code issued
 * by another node a moment ago must be accepted here.
 */
export class Jt808Handshake {
  private failures = 0;

  constructor(private ctx: GatewayContext) {}

  /** Frames the handshake answers even on an authenticated connection. */
  handles(result: DecodeResult): boolean {
    const type = result.messages[0]?.type;
    return type === 'register' || type === 'auth';
  }

  async handle(session: CodecSession, result: DecodeResult): Promise<HandshakeOutcome> {
    const msg = result.messages[0];
    const terminalId = session.deviceId;
    // Not a frame we can answer (no terminal number to address a reply to).
    if (result.error || !msg || !terminalId || !session.terminal)
      return { reply: null, note: { unauthenticated: true } };
    const target = { terminal: session.terminal, version: session.protocolVersion };
    const known = await this.ctx.directory.lookup(terminalId);
    const db = this.ctx.db;

    if (msg.type === 'register') {
      const key = terminalKeyOf(msg);
      let decision = decideRegister(!!known, known ? await loadRegistration(db, terminalId) : null, key);
      if (decision.result === JT808_REGISTER_RESULT.ok && decision.issue) {
        const saved = await saveRegistration(db, terminalId, {
          authCode: decision.authCode,
          terminalKey: key,
        });
        decision = decideRegister(true, saved, key);
      }
      const authCode = 'authCode' in decision ? decision.authCode : '';
      const reply = encodeJt808RegisterReply(
        target,
        { serial: msg.serial, result: decision.result, authCode },
        nextJt808Serial(session),
      );
      const note = { registerResult: decision.result };
      if (!known) return { reply, close: 'unknown terminal', note };
      return authCode ? { reply, note } : this.refused(reply, note);
    }

    const authOk =
      msg.type === 'auth' &&
      acceptsAuth(
        !!known,
        known ? await loadRegistration(db, terminalId) : null,
        msg.authCode,
        this.ctx.options.jt808AcceptAnyAuth,
      );
    // Messages that get no acknowledgement (the terminal's own replies) get no refusal either.
    const reply =
      msg.type === 'auth' || result.reply
        ? encodeJt808GeneralReply(
            target,
            {
              serial: msg.serial,
              messageId: msg.messageId,
              result: authOk ? JT808_RESULT.ok : JT808_RESULT.failure,
            },
            nextJt808Serial(session),
          )
        : null;
    if (!known) return { reply, close: 'unknown terminal', note: { unknownDevice: true } };
    if (!authOk) return this.refused(reply, { unauthenticated: true });
    this.failures = 0;
    await db
      .update(jt808Registrations)
      .set({ authenticatedAt: new Date() })
      .where(eq(jt808Registrations.terminalId, terminalId));
    return { reply, device: known, note: { authenticated: true } };
  }

  private refused(reply: Buffer | null, note: Record<string, unknown>): HandshakeOutcome {
    this.failures++;
    const close = this.failures >= JT808_MAX_AUTH_FAILURES ? 'authentication failed' : undefined;
    return { reply, close, note };
  }
}
