import { spawn, type ChildProcess, type Serializable } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServiceProcessOptions {
  name: string;
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Where log lines go; defaults to this process's stdout with a `[name]` prefix. */
  onLog?: (line: string) => void;
  /** An IPC channel to the child (its `process.send`): `nextMessage`, `send`. */
  ipc?: boolean;
}

/**
 * Node flags every service runs with, where this Node knows them: AsyncLocalStorage (the request logger and app scope,
 * the ambient transaction) on V8's continuation data instead of promise hooks on every promise, Node 24's
 * default and behind this flag on Node 22 (faster reads, figures in ADR 0018). The container image sets the same in NODE_OPTIONS.
 */
export const SERVICE_NODE_FLAGS = ['--experimental-async-context-frame'].filter((flag) =>
  process.allowedNodeEnvironmentFlags.has(flag),
);

/** One service running as a child process: start, wait for /readyz, stop gracefully or kill -9. */
export class ServiceProcess {
  private child?: ChildProcess;
  private stopping?: Promise<number | null>;
  readonly logs: string[] = [];
  /** With `ipc`: messages of the child not asked for yet, and those waiting for one. */
  private readonly inbox: unknown[] = [];
  private readonly waiting: Array<{ resolve: (message: unknown) => void; reject: (error: Error) => void }> = [];

  constructor(readonly options: ServiceProcessOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** How many times it was started (a message belongs to one start). */
  starts = 0;

  start(): void {
    if (this.running) throw new Error(`${this.options.name} is already running`);
    this.starts += 1;
    const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, this.options.entry], {
      env: { ...process.env, ...this.options.env, PORT: String(this.options.port) },
      stdio: this.options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    if (this.options.ipc) {
      this.inbox.length = 0;
      child.on('message', (message) => {
        const waiter = this.waiting.shift();
        if (waiter) waiter.resolve(message);
        else this.inbox.push(message);
      });
      child.once('exit', (code) => {
        const error = new Error(`${this.options.name} exited (${code}): ${this.recentLogs()}`);
        for (const waiter of this.waiting.splice(0)) waiter.reject(error);
      });
    }
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        this.logs.push(line);
        if (this.logs.length > 5_000) this.logs.shift();
        this.options.onLog?.(line);
      }
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    this.child = child;
  }

  /** Sends a message over the IPC channel (`ipc`). */
  send(message: Serializable): void {
    this.child?.send?.(message);
  }

  /**
   * The child's next message over the IPC channel (`ipc`), in the order they came; rejects when the child exits
   * first, or after `timeoutMs`.
   */
  async nextMessage(timeoutMs: number): Promise<unknown> {
    if (this.inbox.length) return this.inbox.shift();
    if (!this.running) throw new Error(`${this.options.name} is not running: ${this.recentLogs()}`);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise((resolve, reject) => {
        const waiter = { resolve, reject };
        this.waiting.push(waiter);
        timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new Error(`${this.options.name} sent nothing in ${timeoutMs} ms: ${this.recentLogs()}`));
        }, timeoutMs);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves when GET /readyz answers 200; rejects if the process exits or the deadline passes. */
  async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.options.name} exited: ${this.recentLogs()}`);
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${this.options.name} not ready after ${timeoutMs} ms: ${this.recentLogs()}`);
  }

  /** The last lines it wrote, for an error message. */
  protected recentLogs(): string {
    return this.logs.slice(-5).join('\n');
  }

  /**
   * SIGTERM and wait for the exit (SIGKILL after the grace period); resolves to the exit code (null if killed). Calls
   * made while it stops wait for the same exit (a second SIGTERM would cut the graceful shutdown short).
   */
  async stop(graceMs = 15_000): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    this.stopping ??= this.terminate(child, graceMs).finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  private async terminate(child: ChildProcess, graceMs: number): Promise<number | null> {
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const [code] = await exited;
    clearTimeout(timer);
    return code;
  }

  /** kill -9: no shutdown hooks run, like a crashed container. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** Runs `main.js migrate` to completion. */
  static async migrate(entry: string, env: NodeJS.ProcessEnv): Promise<void> {
    const child = spawn(process.execPath, [entry, 'migrate'], {
      env: { ...process.env, ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`migration failed (${entry}):\n${output}`);
  }
}
