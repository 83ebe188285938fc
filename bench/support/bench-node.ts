import { fork, type ChildProcess } from 'node:child_process';

/** What a node of bench:commands (bench/commands-node.ts) reports once a second. */
export interface NodeStats {
  node: string;
  committed: number;
  pending: number;
  connections: number;
  rssMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

export interface NodeReady {
  gt06Port: number;
  jt808Port: number;
  appPort?: number;
  token?: string;
}

/**
 * A node process of bench:commands and its reports: the last stats, and every second's stats
 * kept while `recording`, so a window's event-loop delay can be read afterwards.
 */
export class BenchNode {
  readonly child: ChildProcess;
  last: NodeStats = {
    node: '',
    committed: 0,
    pending: 0,
    connections: 0,
    rssMb: 0,
    loopP99Ms: 0,
    loopMaxMs: 0,
  };
  samples: NodeStats[] = [];
  exited = false;

  constructor(env: NodeJS.ProcessEnv) {
    this.child = fork('bench/commands-node.ts', { execArgv: ['--import', 'tsx'], env });
    this.child.on('message', (m: { type: string }) => {
      if (m.type !== 'stats') return;
      this.last = m as unknown as NodeStats;
      this.samples.push(this.last);
    });
    this.child.once('exit', () => (this.exited = true));
  }

  /** The next message of `type`; rejects if the process exits first. */
  next<T>(type: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`bench node exited (${code}) before '${type}'`));
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(m as T);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
    });
  }

  ask<T>(type: string, body: Record<string, unknown>, answer = type): Promise<T> {
    const p = this.next<T>(answer);
    this.child.send({ type, ...body });
    return p;
  }

  async stop() {
    if (this.exited) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'stop' });
    // A node stuck closing its sockets is ended after 30 s rather than holding the run.
    const t = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(t);
  }
}
