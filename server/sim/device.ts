import net from 'node:net';
import { gt06Codec, parseGt06Frame } from '../gateway/gt06';
import { decodeGbk, jt808Codec, JT808_MSG, parseJt808Frame } from '../gateway/jt808';
import type { FrameSplitter } from '../gateway/codec';
import { JT808_SET_PARAMS } from '../gateway/jt808/params';
import { gt06CommandReply, gt06Heartbeat, gt06Login, parseGt06Command, type Fix } from './gt06-frames';
import { jt808Auth, jt808GeneralReply, jt808Heartbeat, jt808Register, jt808TextReply } from './jt808-frames';
import { gt06Report, jt808Report, type ReportFrame } from './report-frames';
import { commandAnswer } from './answers';
import { seededRng, startVehicle, step, type Rng, type VehicleState } from './route';
import { SimOta } from './ota';
import type { SimDriver, SimServerReader } from './driver';
import { simDriverOf } from './drivers';
import { SimTires } from './tires';
import { GT06_POSITION_PROTOCOLS, PositionLedger, type WaitingPosition } from './position-ledger';
import { SentSerials } from './sent-serials';
import { gt06ServerAddress, jt808ServerAddress, MOVE_DELAY_MS, type ServerAddress } from './server-address';
import { gatewayAddress, reconnectDelay, TIRE_EVERY, type SimDeviceSpec, type SimOptions } from './options';

export { DEFAULT_SIM_OPTIONS, TIRE_EVERY, type Family, type SimDeviceSpec, type SimOptions } from './options';

/**
 * One simulated tracker over a real TCP socket: logs in (GT06) or registers and authenticates
 * (808), reports positions along a simulated drive, sends heartbeats and the odd alarm, and
 * answers commands the way real devices word their replies. The other families (Teltonika,
 * H02, TK103, Meitrack) speak through their SimDriver (server/sim/drivers.ts).
 */
export class SimDevice {
  private socket: net.Socket | null = null;
  private timers: NodeJS.Timeout[] = [];
  private splitter: FrameSplitter;
  private serial = 0;
  private rng: Rng;
  private vehicle: VehicleState;
  private tires: SimTires | null;
  private stopped = false;
  private lastStep = Date.now();
  /** The 808 code the platform issued at registration. */
  authCode: string | null = null;
  stats = { positions: 0, commands: 0, connects: 0, drops: 0 };
  /** Per reconnect: ms from losing a working connection to reporting on a new one. */
  readonly reconnectMs: number[] = [];
  /** With keepUnacked: the positions taken, acknowledged and waiting. */
  readonly ledger: PositionLedger | null;
  /** Logged in (GT06) or authenticated (808) on the current connection. */
  ready = false;
  private droppedAt: number | null = null;
  private addressIndex = 0;
  onCommand?: (text: string) => void;
  /** Firmware upgrades this tracker takes (server/sim/ota.ts). */
  readonly ota: SimOta;

  constructor(
    readonly spec: SimDeviceSpec,
    private opts: SimOptions,
  ) {
    this.rng = seededRng(spec.seed);
    this.vehicle = startVehicle(spec.lat, spec.lon, this.rng);
    // Their own random stream: a TPMS truck drives the same way as without tires.
    this.tires =
      spec.family === 'jt808' && spec.tireWheels
        ? new SimTires(spec.tireWheels, seededRng(spec.seed + 7919), spec.terminalId)
        : null;
    this.driver = simDriverOf(spec.family);
    this.splitter = this.newSplitter();
    this.ota = new SimOta(spec.terminalId);
    this.ledger = opts.keepUnacked ? new PositionLedger() : null;
  }

  get connected() {
    return !!this.socket && !this.socket.destroyed && this.socket.readyState === 'open';
  }

  start(): Promise<void> {
    this.stopped = false;
    return new Promise((resolve) => {
      const to = this.address;
      const socket = net.connect(to.port, to.host);
      this.socket = socket;
      // A new connection starts a new byte stream: half a frame of the last one must not prefix it.
      this.splitter = this.newSplitter();
      this.reader = this.driver?.reader() ?? null;
      this.sentSerials.clear();
      socket.setNoDelay(true);
      socket.once('connect', () => {
        this.stats.connects++;
        this.login();
        resolve();
      });
      socket.on('data', (chunk) => this.onData(chunk));
      socket.on('error', () => resolve());
      socket.on('close', () => {
        // A connection left behind by a move (the IP transfer) no longer speaks for the device.
        if (this.socket !== socket) return;
        this.clearTimers();
        if (this.ready) {
          this.stats.drops++;
          this.droppedAt = Date.now();
        }
        this.ready = false;
        if (this.stopped || !this.opts.reconnect) return;
        this.addressIndex++;
        this.timers.push(setTimeout(() => void this.start(), reconnectDelay(this.opts, this.rng)));
      });
    });
  }

  stop() {
    this.stopped = true;
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.clearTimers();
    this.socket?.destroy();
  }

  private clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private send(frame: Buffer) {
    if (this.connected) this.socket!.write(frame);
  }

  private next() {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** The splitter of GT06 and 808 server frames; a driver family's are read by its reader. */
  private newSplitter(): FrameSplitter {
    return (this.spec.family === 'jt808' ? jt808Codec : gt06Codec).createSplitter();
  }

  private readonly driver: SimDriver | null;
  private reader: SimServerReader | null = null;
  private readonly sentSerials = new SentSerials();

  private login() {
    if (this.driver) {
      const frame = this.driver.login(this.spec.terminalId, this.next());
      if (frame) this.send(frame);
      if (this.driver.readyOnConnect) this.startReporting();
    } else if (this.spec.family === 'gt06') {
      this.send(gt06Login(this.spec.terminalId, this.next()));
      this.startReporting();
    } else if (this.authCode) {
      // A terminal keeps its code: after a reconnect it only authenticates.
      this.send(jt808Auth(this.spec.terminalId, this.authCode, this.next()));
    } else {
      this.send(jt808Register(this.spec.terminalId, this.next()));
    }
  }

  /** The connection is usable: time the reconnect, send what waited, start the timers. */
  private startReporting() {
    this.ready = true;
    if (this.droppedAt !== null) this.reconnectMs.push(Date.now() - this.droppedAt);
    this.droppedAt = null;
    for (const p of this.ledger?.takeUnacked() ?? []) this.sendPosition(p);
    if (this.opts.manual) return;
    const jitter = this.rng.next() * this.opts.intervalSec * 1000;
    this.timers.push(
      setTimeout(() => {
        this.report();
        this.timers.push(setInterval(() => this.report(), this.opts.intervalSec * 1000));
      }, jitter),
    );
    this.timers.push(setInterval(() => this.heartbeat(), this.opts.heartbeatSec * 1000));
  }

  /** Sends one position now (also used by tests and benchmarks). */
  report(now = Date.now()) {
    const seconds = Math.max(1, (now - this.lastStep) / 1000);
    this.vehicle = step(this.vehicle, seconds, this.rng);
    this.tires?.step(seconds, this.vehicle.speed);
    this.lastStep = now;
    const v = this.vehicle;
    const fix: Fix = {
      time: new Date(now),
      lat: v.lat,
      lon: v.lon,
      speed: v.speed,
      course: v.course,
      satellites: 9,
    };
    const alarm = this.rng.next() < this.opts.alarmChance;
    const driver = this.driver;
    let report: ReportFrame;
    if (driver) {
      const status = { acc: v.speed > 0, mileageKm: v.mileageKm, alarm };
      report = { frame: (serial) => driver.location(this.spec.terminalId, fix, status, serial), serials: 1 };
    } else if (this.spec.family === 'gt06') report = gt06Report(this.spec.terminalId, fix, v, alarm);
    else {
      const tires = this.tires && this.stats.positions % TIRE_EVERY === 0 ? [this.tires.item(fix)] : [];
      report = jt808Report(this.spec.terminalId, fix, v, alarm, tires);
    }
    const { frame, serials } = report;
    const position: WaitingPosition = { fixMs: now, frame, serials };
    if (!this.ledger) this.send(frame(this.nextSerials(serials).first));
    else if (this.ready && this.connected) this.sendPosition(position);
    else this.ledger.hold(position);
    this.stats.positions++;
  }

  /** Takes `n` consecutive serials: the frame uses the first, the platform's ack names the last. */
  private nextSerials(n: number): { first: number; last: number } {
    const first = this.next();
    let last = first;
    for (let i = 1; i < n; i++) last = this.next();
    return { first, last };
  }

  private sendPosition(p: WaitingPosition) {
    const { first, last } = this.nextSerials(p.serials ?? 1);
    this.ledger!.sent(last, p);
    if (this.driver?.acksReports === false) this.ledger!.ack(last);
    else if (this.driver) this.sentSerials.push(last);
    this.send(p.frame(first));
  }

  private heartbeat() {
    if (this.driver) {
      const frame = this.driver.heartbeat(this.spec.terminalId, this.next());
      if (frame) this.send(frame);
    } else if (this.spec.family === 'gt06')
      this.send(gt06Heartbeat({ acc: this.vehicle.speed > 0, voltageLevel: 5 }, this.next()));
    else this.send(jt808Heartbeat(this.spec.terminalId, this.next()));
  }

  private onData(chunk: Buffer) {
    if (this.reader) return this.onDriverData(this.reader, chunk);
    let frames: Buffer[];
    try {
      frames = this.splitter.push(chunk);
    } catch {
      return;
    }
    for (const f of frames) {
      if (this.spec.family === 'gt06') this.onGt06(f);
      else this.onJt808(f);
    }
  }

  private onGt06(frame: Buffer) {
    if (this.ledger) {
      const f = parseGt06Frame(frame);
      if (GT06_POSITION_PROTOCOLS.has(f.protocol)) this.ledger.ack(f.serial);
    }
    const cmd = parseGt06Command(frame);
    if (!cmd) return;
    this.stats.commands++;
    this.onCommand?.(cmd.text);
    const answer = this.ota.gt06Command(cmd.text) ?? commandAnswer(cmd.text, this.vehicle, this.spec.terminalId);
    this.send(gt06CommandReply(cmd.serverFlag, answer, this.next()));
    const moveTo = gt06ServerAddress(cmd.text);
    if (moveTo) this.moveTo(moveTo);
  }

  private onDriverData(reader: SimServerReader, chunk: Buffer) {
    for (const e of reader.push(chunk)) {
      if (e.kind === 'accepted') {
        if (!this.ready) this.startReporting();
      } else if (e.kind === 'ack') {
        if (this.driver!.acksReports)
          for (const serial of this.sentSerials.acked(e.serial, e.count)) this.ledger?.ack(serial);
      } else {
        this.stats.commands++;
        this.onCommand?.(e.text);
        const answer = commandAnswer(e.text, this.vehicle, this.spec.terminalId);
        this.send(this.driver!.commandReply(this.spec.terminalId, e, answer, this.next()));
      }
    }
  }

  /** Where the tracker connects: the simulator's gateway, or the server an IP transfer set. */
  server: ServerAddress | null = null;
  private moveTimer: NodeJS.Timeout | null = null;

  get address(): ServerAddress {
    return this.server ?? gatewayAddress(this.opts, this.spec.family, this.addressIndex);
  }

  /** Takes a new server address: the answer already sent, drops the connection and reconnects there. */
  private moveTo(to: ServerAddress) {
    this.server = to;
    const old = this.socket;
    this.stopped = true;
    this.clearTimers();
    // After the answer has left: a tracker confirms before it reboots its connection.
    if (old && !old.destroyed) old.end(() => old.destroy());
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.moveTimer = setTimeout(() => {
      this.moveTimer = null;
      void this.start();
    }, MOVE_DELAY_MS);
  }

  private onJt808(frame: Buffer) {
    let f;
    try {
      f = parseJt808Frame(frame);
    } catch {
      return;
    }
    const id = f.header.messageId;
    if (id === JT808_MSG.registerReply) {
      // Result 0 carries the code; any other result (unknown or taken terminal) ends here.
      if (f.body[2] !== 0) return;
      this.authCode = f.body.subarray(3).toString('latin1');
      this.send(jt808Auth(this.spec.terminalId, this.authCode, this.next()));
    } else if (id === JT808_MSG.generalReply && f.body.readUInt16BE(2) === JT808_MSG.location) {
      // Only "ok" acknowledges; any other result leaves the position to be sent again.
      if (f.body[4] === 0) this.ledger?.ack(f.body.readUInt16BE(0));
    } else if (id === JT808_MSG.generalReply && f.body.readUInt16BE(2) === JT808_MSG.auth) {
      if (f.body[4] === 0) return this.startReporting();
      // Refused: the platform no longer knows our code; register for a new one.
      this.authCode = null;
      this.send(jt808Register(this.spec.terminalId, this.next()));
    } else if (id === JT808_SET_PARAMS) {
      this.stats.commands++;
      const moveTo = jt808ServerAddress(f.body, this.address);
      this.send(jt808GeneralReply(this.spec.terminalId, f.header.serial, id, 0, this.next()));
      if (moveTo) this.moveTo(moveTo);
    } else if (id === JT808_MSG.upgradePackage) {
      for (const out of this.ota.jt808Package(f, () => this.next())) this.send(out);
    } else if (id === JT808_MSG.textCommand) {
      const text = decodeGbk(f.body.subarray(1));
      this.stats.commands++;
      this.onCommand?.(text);
      this.send(jt808GeneralReply(this.spec.terminalId, f.header.serial, id, 0, this.next()));
      this.send(jt808TextReply(this.spec.terminalId, commandAnswer(text, this.vehicle, this.spec.terminalId), this.next()));
    }
  }
}
