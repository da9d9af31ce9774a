import { HttpException } from '@nestjs/common';
import { loadConfig, ServiceEnv } from '@cps/config';
import { AdminClient } from './admin-client.js';
import { COMMANDS, parseArgs, UsageError } from './commands.js';

/** `npm run admin -- <command> [--flag value ...]`: one JSON object on stdout, or an error on stderr. */
async function main(): Promise<number> {
  const config = loadConfig(ServiceEnv);
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    return usage((error as Error).message);
  }
  const command = COMMANDS[parsed.command];
  if (!command) return usage(`unknown command: ${parsed.command}`);
  AdminClient.quiet();
  let client: AdminClient | undefined;
  try {
    client = await connectWithin(config.NATS_URL, 5_000);
    const result = await command.run(client, parsed.flags);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    process.stderr.write(`error: ${describe(error)}\n`);
    return 1;
  } finally {
    await client?.close();
  }
}

async function connectWithin(natsUrl: string, ms: number): Promise<AdminClient> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`cannot reach NATS at ${natsUrl}; is the platform running (npm start)?`)),
      ms,
    );
  });
  try {
    return await Promise.race([AdminClient.connect(natsUrl), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  if (error instanceof HttpException) {
    const body = error.getResponse() as { detail?: unknown };
    const detail = typeof body === 'object' && body && 'detail' in body ? body.detail : body;
    return `${error.getStatus()} ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
  }
  return (error as Error).message;
}

function usage(problem: string): number {
  const lines = Object.values(COMMANDS).map((command) => `  npm run admin -- ${command.usage}`);
  process.stderr.write(`error: ${problem}\nusage:\n${lines.join('\n')}\n`);
  return 2;
}

process.exitCode = await main();
// The NATS client keeps timers; exit once the answer is written.
process.exit();
