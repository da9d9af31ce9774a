import { ServiceProcess } from './service-process.js';

/**
 * One app of the single-node host (one-process.ts): its own port, URL, environment and readiness, as a
 * `ServiceProcess` is; starting, stopping or killing it acts on the host process, so on every app it runs.
 */
export class HostedApp extends ServiceProcess {
  constructor(
    options: { name: string; port: number; env: NodeJS.ProcessEnv },
    readonly host: ServiceProcess,
  ) {
    super({ ...options, entry: host.options.entry });
  }

  override get running(): boolean {
    return this.host.running;
  }

  override start(): void {
    if (!this.host.running) this.host.start();
  }

  override stop(graceMs?: number): Promise<number | null> {
    return this.host.stop(graceMs);
  }

  override kill(): Promise<void> {
    return this.host.kill();
  }

  protected override recentLogs(): string {
    const own = `"service":"${this.options.name}"`;
    return this.host.logs
      .filter((line) => line.includes(own))
      .slice(-5)
      .join('\n');
  }
}
