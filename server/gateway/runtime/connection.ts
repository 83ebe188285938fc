import type { Socket } from 'node:net';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import type { CodecSession, DecodedMessage, LocationMessage, ProtocolCodec } from '../codec';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';
import { markOffline, markOnline, updateStatus } from './device-state';
import { recordAlarm } from './alarms';
import { CommandChannel } from './command-channel';
import { toPositionRecord } from './position-record';

/**
 * One tracker's TCP connection: frames in, replies out, messages to the pipeline. Frames are
 * handled strictly in order; only the first frame that names the device waits for a lookup.
 */
export class TrackerConnection {
  readonly session: CodecSession = {};
  readonly splitter;
  device: KnownDevice | null = null;
  lastFrameAt = Date.now();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  readonly commands: CommandChannel;

  constructor(
    readonly socket: Socket,
    readonly codec: ProtocolCodec,
    private ctx: GatewayContext,
  ) {
    this.splitter = codec.createSplitter({ maxBuffer: ctx.options.maxBuffer });
    this.commands = new CommandChannel(this, ctx);
    ctx.registry.all.add(this);
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
    for (const frame of frames) this.chain = this.chain.then(() => this.onFrame(frame)).catch((e) => this.fail(e));
  }

  private fail(err: unknown) {
    console.error(`[gateway] ${this.codec.protocol} ${this.terminalId ?? '?'}:`, (err as Error).message);
  }

  private async onFrame(frame: Buffer) {
    if (this.closed) return;
    const result = this.codec.decodeFrame(frame, this.session);
    const terminalId = result.messages.find((m) => m.deviceId)?.deviceId ?? this.session.deviceId;
    if (!this.device && terminalId) {
      const known = await this.ctx.directory.lookup(terminalId);
      if (!known) {
        this.log('in', frame, { unknownDevice: true, messages: result.messages }, terminalId);
        return this.close('unknown device');
      }
      await this.identify(known);
    }
    this.log('in', frame, result.error ? { error: result.error } : { messages: result.messages });
    if (result.reply) this.write(result.reply);
    if (!this.device) return;
    for (const msg of result.messages) await this.onMessage(msg);
  }

  private async identify(device: KnownDevice) {
    this.device = device;
    this.ctx.registry.bind(device.terminalId, this);
    // Commands are accepted before the device is reported online, so "online" means reachable.
    this.commands.start();
    if (device.id != null) await markOnline(this.ctx.db, this.ctx.bus, device.id, device.terminalId);
  }

  private async onMessage(msg: DecodedMessage) {
    const device = this.device!;
    switch (msg.type) {
      case 'location':
      case 'alarm':
        return this.onLocation(msg, device);
      case 'heartbeat':
      case 'status':
        if (device.id != null) {
          await updateStatus(this.ctx.db, this.ctx.bus, device.id, device.terminalId, msg);
        }
        return;
      case 'commandReply':
      case 'terminalReply':
        return this.commands.onReply(msg);
      case 'unregister':
        return;
      default:
        return;
    }
  }

  private async onLocation(msg: LocationMessage, device: KnownDevice) {
    // Factory-stock devices are logged (above) but have no account to store positions for.
    if (device.id == null) return;
    this.ctx.writer.add({ ...toPositionRecord(device.id, msg), hidden: device.expired });
    if (msg.type === 'alarm' || msg.alarm) await recordAlarm(this.ctx, device, msg.alarm ?? 'unknown', msg);
  }

  private log(direction: 'in' | 'out', bytes: Buffer, decoded: Record<string, unknown> | null, terminalId = this.terminalId) {
    if (!terminalId) return;
    this.ctx.frameLog.add({
      deviceId: this.device?.id ?? null,
      terminalId,
      direction,
      protocol: this.device?.protocol ?? (this.codec.protocol === 'gt06' ? DEVICE_PROTOCOL.Gt06 : DEVICE_PROTOCOL.eight),
      raw: bytes.toString('hex'),
      decoded,
      at: new Date(),
    });
  }

  private onClose() {
    this.closed = true;
    this.ctx.registry.all.delete(this);
    this.commands.stop();
    const device = this.device;
    if (!device) return;
    // Only the device's current connection reports it offline, not one it replaced.
    if (this.ctx.registry.unbind(device.terminalId, this) && device.id != null) {
      this.ctx.registry.track(markOffline(this.ctx.db, this.ctx.bus, device.id, device.terminalId).catch((e) => this.fail(e)));
    }
  }
}
