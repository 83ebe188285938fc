import type { Socket } from 'node:net';
import { sendsLocationAck } from '../../../src/domain/location-ack';
import type {
  CodecSession,
  DecodeResult,
  DecodedMessage,
  HeartbeatMessage,
  LocationMessage,
  ProtocolCodec,
} from '../codec';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';
import { markOffline, markOnline, updateStatus } from './device-state';
import { recordAlarm } from './alarms';
import { ConnectionAlarms } from './alarm-state';
import { CommandChannel } from './command-channel';
import { Jt808Handshake } from './jt808-handshake';
import { LocationAcks } from './location-acks';
import { storePosition } from './store-position';
import { recordConnected, recordDisconnected } from './connection-record';
import { countPositions, liveStateOf } from './connection-facts';
import { admit } from './admission';
import { SUBJECT } from '../../bus/types';
import { familyOf } from '../families';
import { countFrame } from '../../ops/metrics';

/**
 * One tracker's TCP connection: frames in, replies out, messages to the pipeline. Frames are
 * handled strictly in order; only frames that identify the device (a GT06 login's first frame,
 * JT/T 808 registration and authentication) wait for the database. A JT/T 808 connection
 * belongs to no device, and nothing it sends is stored, until it has authenticated.
 */
export class TrackerConnection {
  readonly session: CodecSession = {};
  readonly splitter;
  device: KnownDevice | null = null;
  lastFrameAt = Date.now();
  /** When the socket connected: an unidentified one is closed after identifyTimeoutMs. */
  readonly openedAt = Date.now();
  private readonly address: string;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  readonly commands: CommandChannel;
  private readonly handshake: Jt808Handshake | null;
  private readonly acks: LocationAcks;

  constructor(
    readonly socket: Socket,
    readonly codec: ProtocolCodec,
    private ctx: GatewayContext,
  ) {
    this.splitter = codec.createSplitter({ maxBuffer: ctx.options.maxBuffer });
    this.commands = new CommandChannel(this, ctx);
    this.handshake = codec.protocol === 'jt808' ? new Jt808Handshake(ctx) : null;
    this.acks = new LocationAcks(
      (bytes) => this.write(bytes),
      () => socket.cork(),
      () => socket.uncork(),
    );
    this.address = socket.remoteAddress ?? '';
    ctx.registry.add(this, this.address);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => this.close('socket error'));
    socket.on('close', () => this.onClose());
  }

  get terminalId(): string | undefined {
    return this.device?.terminalId ?? this.session.deviceId;
  }

  write(bytes: Buffer, decoded: Record<string, unknown> | null = null) {
    if (this.closed) return;
    this.socket.write(bytes);
    this.log('out', bytes, decoded);
  }

  get isClosed() {
    return this.closed;
  }

  get nodeId() {
    return this.ctx.options.nodeId;
  }

  close(reason: string) {
    if (this.closed) return;
    this.closed = true;
    this.reason = reason;
    this.socket.destroy();
  }
  reason = '';

  private onData(chunk: Buffer) {
    let frames: Buffer[];
    try {
      frames = this.splitter.push(chunk);
    } catch {
      return this.close('buffer overflow');
    }
    if (frames.length === 0) return;
    this.lastFrameAt = Date.now();
    // Acks of all frames in this read leave in one write.
    this.socket.cork();
    for (const frame of frames) {
      // Once the device is known, frames are handled synchronously: no promise per frame on
      // the hot path. Before that, they wait in order behind the identifying lookup.
      if (this.device && !this.identifying) {
        const pending = this.onFrame(frame);
        if (pending) this.chain = this.chain.then(() => pending).catch((e) => this.fail(e));
      } else this.chain = this.chain.then(() => this.onFrame(frame)).catch((e) => this.fail(e));
    }
    process.nextTick(() => this.socket.uncork());
  }

  private identifying = false;
  /** When this connection identified its device (device_connections). */
  connectedAt: Date | null = null;
  private recorded: Promise<void> = Promise.resolve();

  private fail(err: unknown) {
    console.error(`[gateway] ${this.codec.protocol} ${this.terminalId ?? '?'}:`, (err as Error).message);
  }

  private onFrame(frame: Buffer): void | Promise<void> {
    if (this.closed) return;
    const result = this.codec.decodeFrame(frame, this.session);
    countFrame(this.codec.protocol, Boolean(result.error));
    if (this.handshake && (!this.device || this.handshake.handles(result)))
      return this.handshakeThen(frame, result);
    if (!this.device) {
      const terminalId = result.messages.find((m) => m.deviceId)?.deviceId ?? this.session.deviceId;
      if (terminalId) return this.identifyThen(frame, result, terminalId);
    }
    this.afterDecode(frame, result);
  }

  private async identifyThen(frame: Buffer, result: DecodeResult, terminalId: string) {
    this.identifying = true;
    try {
      const known = await this.ctx.directory.lookup(terminalId);
      if (!known) {
        this.log('in', frame, { unknownDevice: true, messages: result.messages }, terminalId);
        if (result.reject) this.write(result.reject);
        return this.close('unknown device');
      }
      if (!(await this.identify(known, frame, result))) return;
      this.afterDecode(frame, result);
    } finally {
      this.identifying = false;
    }
  }

  private async handshakeThen(frame: Buffer, result: DecodeResult) {
    this.identifying = true;
    try {
      const outcome = await this.handshake!.handle(this.session, result);
      if (this.closed) return;
      const decoded = result.error ? { error: result.error } : { messages: result.messages };
      // A terminal refused (another family's, or live elsewhere) hears no successful auth.
      if (outcome.device && !this.device && !(await this.identify(outcome.device, frame, result))) return;
      this.log('in', frame, { ...decoded, ...outcome.note });
      if (outcome.reply) this.write(outcome.reply);
      if (outcome.close) return this.close(outcome.close);
    } finally {
      this.identifying = false;
    }
  }

  private afterDecode(frame: Buffer, result: DecodeResult) {
    this.log('in', frame, result.error ? { error: result.error } : { messages: result.messages });
    const device = this.device;
    // Nothing is answered before the connection has said which known device it is: a heartbeat
    // without a login must not keep an anonymous socket open and acknowledged.
    if (!device) return;
    if (result.reply && result.locationAck === undefined) this.write(result.reply);
    let onStored: (() => void) | undefined;
    if (
      result.reply &&
      result.locationAck !== undefined &&
      sendsLocationAck(device.locationAck, result.locationAck)
    ) {
      const stored = device.id == null ? 0 : countPositions(result.messages);
      // A factory-stock device stores nothing: its ack has nothing to wait for.
      if (stored === 0) this.write(result.reply);
      else onStored = this.acks.expect(result.reply, stored);
    }
    for (const msg of result.messages) this.onMessage(msg, onStored);
  }

  /** Takes the device for this connection; false (and closed) when it may not speak for it. */
  private async identify(device: KnownDevice, frame: Buffer, result: DecodeResult): Promise<boolean> {
    const refused = await admit(this.ctx, this, device, this.codec.protocol);
    if (refused) {
      this.log('in', frame, { refused, messages: result.messages }, device.terminalId);
      this.close(refused);
      return false;
    }
    this.device = device;
    // Commands are accepted before the device is reported online, so "online" means reachable.
    this.commands.start();
    this.connectedAt = new Date();
    // The log pages' live-state check (checkRedis) asks the node holding the terminal.
    this.unprobe = this.ctx.bus.respond(SUBJECT.logProbe(device.terminalId), async () => liveStateOf(this));
    this.recorded = recordConnected(
      this.ctx.db,
      device,
      this.socket,
      this.ctx.options.nodeId,
      this.connectedAt,
    );
    this.background(this.recorded);
    if (device.id != null) await markOnline(this.ctx.db, this.ctx.bus, device.id, device.terminalId);
    return true;
  }

  private unprobe: (() => void) | null = null;

  private onMessage(msg: DecodedMessage, onStored: (() => void) | undefined) {
    const device = this.device!;
    switch (msg.type) {
      case 'location':
      case 'alarm':
        return this.onLocation(msg, device, onStored);
      case 'heartbeat':
      case 'status':
        if (device.id == null) return;
        this.background(updateStatus(this.ctx.db, this.ctx.bus, device.id, device.terminalId, msg));
        return this.onStatusAlarms(msg, device);
      case 'commandReply':
      case 'terminalReply':
        return this.commands.onReply(msg);
      case 'upgradeResult':
        // The OTA engine (server/services/ota) closes the device's upgrade.
        this.ctx.bus.publish(SUBJECT.otaResult, { terminalId: device.terminalId, result: msg.result });
        return;
      case 'unregister':
        return;
      default:
        return;
    }
  }

  private onLocation(msg: LocationMessage, device: KnownDevice, onStored: (() => void) | undefined) {
    // Factory-stock devices are logged (above) but have no account to store positions for.
    if (device.id == null) return;
    storePosition(this.ctx.writer, device, device.id, msg, onStored);
    const raised = this.alarms.fromLocation(msg);
    if (raised.length) this.background(recordAlarm(this.ctx, device, raised, msg));
  }

  /** Which alarms to store: state reports and heartbeats raise each when it appears. */
  private readonly alarms = new ConnectionAlarms();

  /** Alarms of a heartbeat or status frame: no fix, stored at the receive time without a place. */
  private onStatusAlarms(msg: HeartbeatMessage, device: KnownDevice) {
    const raised = this.alarms.fromStatus(msg);
    if (raised.length) this.background(recordAlarm(this.ctx, device, raised, null));
  }

  /** Database work off the frame path; shutdown waits for it. */
  private background(p: Promise<unknown>) {
    this.ctx.registry.track(p.catch((e) => this.fail(e)));
  }

  private log(
    direction: 'in' | 'out',
    bytes: Buffer,
    decoded: Record<string, unknown> | null,
    terminalId = this.terminalId,
  ) {
    if (!terminalId) return;
    this.ctx.frameLog.add({
      deviceId: this.device?.id ?? null,
      terminalId,
      direction,
      protocol: this.device?.protocol ?? familyOf(this.codec.protocol).deviceProtocol,
      raw: bytes.toString('hex'),
      decoded,
      at: new Date(),
    });
  }

  private onClose() {
    this.closed = true;
    this.acks.clear();
    this.ctx.registry.remove(this, this.address);
    this.commands.stop();
    this.unprobe?.();
    const device = this.device;
    if (!device) return;
    const since = this.connectedAt;
    // After the connect record, so a short connection does not end up recorded online.
    if (since)
      this.background(
        this.recorded.catch(() => {}).then(() => recordDisconnected(this.ctx.db, device.terminalId, since)),
      );
    // Only the device's current connection reports it offline, not one it replaced.
    if (this.ctx.registry.unbind(device.terminalId, this) && device.id != null) {
      this.background(markOffline(this.ctx.db, this.ctx.bus, device.id, device.terminalId));
    }
  }
}
