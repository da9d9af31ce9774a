import { type AdminClient } from './admin-client.js';

export type Flags = Record<string, string[]>;

export class UsageError extends Error {}

interface Command {
  usage: string;
  run(client: AdminClient, flags: Flags): Promise<object>;
}

function one(flags: Flags, name: string): string {
  const values = flags[name];
  if (!values || values.length === 0 || !values[0]) throw new UsageError(`missing --${name}`);
  if (values.length > 1) throw new UsageError(`--${name} given more than once`);
  return values[0];
}

function many(flags: Flags, name: string): string[] {
  const values = flags[name] ?? [];
  if (values.length === 0) throw new UsageError(`missing --${name}`);
  return values;
}

export const COMMANDS: Record<string, Command> = {
  'team:create': {
    usage: 'team:create --name N',
    run: async (client, flags) => client.createTeam(one(flags, 'name')),
  },
  'api-key:create': {
    usage: 'api-key:create --team T --name N',
    run: async (client, flags) => client.createApiKey(one(flags, 'team'), one(flags, 'name')),
  },
  'api-key:revoke': {
    usage: 'api-key:revoke --key K',
    run: async (client, flags) => client.revokeApiKey(one(flags, 'key')),
  },
  'user:create': {
    usage: 'user:create --email E --password P --team T [--team T2 ...]',
    run: async (client, flags) => client.createUser(one(flags, 'email'), one(flags, 'password'), many(flags, 'team')),
  },
};

/** `cmd --a 1 --b 2 --b 3` -> { command: 'cmd', flags: { a: ['1'], b: ['2', '3'] } } */
export function parseArgs(argv: string[]): { command: string; flags: Flags } {
  const [command, ...rest] = argv;
  if (!command || command.startsWith('--')) throw new UsageError('missing command');
  const flags: Flags = {};
  for (let i = 0; i < rest.length; i += 1) {
    const token = rest[i]!;
    if (!token.startsWith('--') || token.length < 3) throw new UsageError(`unexpected argument: ${token}`);
    const [name, inline] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    let value = inline;
    if (value === undefined) {
      value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i += 1;
    }
    (flags[name] ??= []).push(value);
  }
  return { command, flags };
}
