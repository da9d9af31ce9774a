import { entryPoint, portVariable, SERVICES, type ServiceSpec } from './services.js';
import { ServiceProcess } from './service-process.js';

export interface PlatformOptions {
  root: string;
  /** Environment shared by every service (DATABASE_URL, NATS_URL, ...). */
  env: NodeJS.ProcessEnv;
  /** Port per service; default: `<NAME>_PORT` from env, else the service's fixed port. */
  ports?: Partial<Record<string, number>>;
  /** Extra environment per service. */
  serviceEnv?: Partial<Record<string, NodeJS.ProcessEnv>>;
  services?: readonly ServiceSpec[];
  onLog?: (service: string, line: string) => void;
}

/** The seven services as child processes. */
export class Platform {
  readonly processes = new Map<string, ServiceProcess>();

  constructor(readonly options: PlatformOptions) {
    for (const spec of options.services ?? SERVICES) {
      const fromEnv = Number(options.env[portVariable(spec.name)] ?? process.env[portVariable(spec.name)]);
      const port = options.ports?.[spec.name] ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : spec.port);
      this.processes.set(
        spec.name,
        new ServiceProcess({
          name: spec.name,
          entry: entryPoint(options.root, spec.name),
          port,
          env: { ...options.env, ...options.serviceEnv?.[spec.name] },
          onLog: options.onLog ? (line) => options.onLog!(spec.name, line) : undefined,
        }),
      );
    }
  }

  service(name: string): ServiceProcess {
    const process = this.processes.get(name);
    if (!process) throw new Error(`unknown service ${name}`);
    return process;
  }

  /** Applies every service's pending migrations, one service at a time. */
  async migrate(): Promise<void> {
    for (const process of this.processes.values()) {
      await ServiceProcess.migrate(process.options.entry, process.options.env);
    }
  }

  async start(timeoutMs = 90_000): Promise<void> {
    for (const process of this.processes.values()) process.start();
    await Promise.all([...this.processes.values()].map((process) => process.waitReady(timeoutMs)));
  }

  /** Stops the edge first, then the rest, each gracefully. */
  async stop(): Promise<void> {
    const ordered = [...this.processes.values()].reverse();
    await Promise.all(ordered.map((process) => process.stop()));
  }
}
