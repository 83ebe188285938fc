import { judgeReply, type ReplyOutcome, type ReplyRule } from '../../../src/domain/command-reply';
import { SUBJECT } from '../../bus/types';
import type { ReplyMessage } from '../codec';
import { encodeGt06Command } from '../gt06';
import { encodeJt808TextCommand, nextJt808Serial } from '../jt808';
import { buildJt808Frame } from '../jt808/framing';
import type { GatewayContext } from './context';
import type { TrackerConnection } from './connection';
import { deliverQueuedCommands } from './offline-delivery';

export interface CommandRequest {
  /** Text command (GT06 0x80, JT/T 808 0x8300); what the command log shows. */
  content: string;
  timeoutMs?: number;
  /**
   * JT/T 808 only: a binary platform message sent instead of the text command (0x8103 set
   * parameters, 0x8108 upgrade package). `body` is hex; the reply is the terminal's 0x0001.
   */
  message?: { id: number; body: string; packet?: { count: number; index: number } };
  /** How the command's set says its reply is judged; absent: the family's meaning, then the word rule. */
  reply?: ReplyRule;
}

export interface CommandOutcome {
  reply: string | null;
  result: number;
  sentAt: string;
  repliedAt: string | null;
}

/** An 808 general reply only says "received"; a text answer may follow, so wait this long for it. */
const TEXT_AFTER_ACK_MS = 1500;

/** The answer a command is settled with: the tracker's text, and its meaning where the decoder knew it. */
interface Answer {
  text: string;
  outcome?: ReplyOutcome;
}

/**
 * Commands to one connected tracker, one at a time. The node holding the connection answers
 * the bus subject of the terminal, so an API node anywhere in the cluster can reach it.
 */
export class CommandChannel {
  private queue: Promise<unknown> = Promise.resolve();
  private pending: {
    resolve: (answer: Answer | null) => void;
    ack?: NodeJS.Timeout;
    /** A binary message: the terminal's 0x0001 is the whole answer. */
    binary?: boolean;
  } | null = null;
  private serial = 0;
  private unrespond: (() => void) | null = null;

  constructor(
    private conn: TrackerConnection,
    private ctx: GatewayContext,
  ) {}

  start() {
    const terminalId = this.conn.device!.terminalId;
    this.unrespond = this.ctx.bus.respond<CommandRequest, CommandOutcome>(
      SUBJECT.gatewayCommand(terminalId),
      (req) => this.send(req.content, req.timeoutMs, req.message, req.reply),
    );
    if (this.conn.device!.id != null) {
      void deliverQueuedCommands(this.ctx, this.conn.device!.id, (content, rule) => this.send(content, undefined, undefined, rule)).catch((e) =>
        console.error('[gateway] offline command delivery failed:', (e as Error).message),
      );
    }
  }

  stop() {
    this.unrespond?.();
    this.unrespond = null;
    this.settle(null);
  }

  /** Sends `content` after any command already in flight and resolves with the reply. */
  send(
    content: string,
    timeoutMs = this.ctx.options.commandTimeoutMs,
    message?: CommandRequest['message'],
    rule?: ReplyRule,
  ): Promise<CommandOutcome> {
    const run = async (): Promise<CommandOutcome> => {
      const sentAt = new Date().toISOString();
      // Encoded first: a message that cannot be encoded fails this command alone, before any
      // timer or pending reply exists (a stale one would settle the next command).
      const frame = this.encode(content, message);
      const answer = await new Promise<Answer | null>((resolve) => {
        const timer = setTimeout(() => this.settle(null), timeoutMs);
        this.pending = {
          binary: message !== undefined,
          resolve: (a) => {
            clearTimeout(timer);
            resolve(a);
          },
        };
        this.conn.write(frame, { command: content });
      });
      const reply = answer?.text ?? null;
      return {
        reply,
        // The command's own rule first, then the family's meaning, then the spec's word rule.
        result: judgeReply(rule, reply, answer?.outcome),
        sentAt,
        repliedAt: reply == null ? null : new Date().toISOString(),
      };
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  onReply(msg: ReplyMessage) {
    if (!this.pending) return;
    const isAck = msg.replyId !== undefined;
    if (isAck && this.conn.codec.protocol === 'jt808' && !this.pending.binary) {
      if (this.pending.ack) return;
      const ack = answerOf(msg);
      this.pending.ack = setTimeout(() => this.settle(ack), TEXT_AFTER_ACK_MS);
      return;
    }
    this.settle(answerOf(msg));
  }

  private settle(answer: Answer | null) {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.ack) clearTimeout(p.ack);
    p.resolve(answer);
  }

  private encode(content: string, message?: CommandRequest['message']): Buffer {
    if (message && this.conn.codec.protocol !== 'jt808') throw new Error('binary messages are JT/T 808 only');
    if (this.conn.codec.encodeTextCommand)
      return this.conn.codec.encodeTextCommand(content, this.conn.session);
    if (this.conn.codec.protocol === 'gt06') {
      this.serial = (this.serial + 1) & 0xffff;
      return encodeGt06Command(content, { serial: this.serial, serverFlag: this.serial });
    }
    const session = this.conn.session;
    if (!session.terminal) throw new Error('808 terminal number unknown');
    // One serial sequence per connection for replies and commands alike (the standard's rule).
    this.serial = nextJt808Serial(session);
    const target = { terminal: session.terminal, version: session.protocolVersion };
    if (message)
      return buildJt808Frame(
        message.id,
        Buffer.from(message.body, 'hex'),
        target,
        this.serial,
        message.packet,
      );
    return encodeJt808TextCommand(target, content, {
      serial: this.serial,
    });
  }
}

const answerOf = (msg: ReplyMessage): Answer => ({ text: msg.text, outcome: msg.outcome });
