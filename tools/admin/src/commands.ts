import { DEAD_LETTER_SERVICES, isDeadLetterService, type DeadLetterService } from '@cps/contracts';
import { type AdminClient } from './admin-client.js';
import { SandboxRetailerClient } from './sandbox-retailer-client.js';

type Flags = Record<string, string[]>;

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

function optional(flags: Flags, name: string): string | undefined {
  return flags[name] === undefined ? undefined : one(flags, name);
}

function many(flags: Flags, name: string): string[] {
  const values = flags[name] ?? [];
  if (values.length === 0) throw new UsageError(`missing --${name}`);
  return values;
}

/** `--otp` alone: a random code; `--otp=123456`: that code; absent: no code step. */
function oneTimeCodeFlag(value: string | undefined): boolean | string {
  if (value === undefined) return false;
  if (value === SWITCH_ON) return true;
  if (!/^\d{6}$/.test(value)) throw new UsageError('--otp takes no value, or six digits (--otp=123456)');
  return value;
}

function itemsFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 20) throw new UsageError('--items must be 1 to 20');
  return Number(value);
}

function serviceFlag(value: string): DeadLetterService {
  if (!isDeadLetterService(value)) {
    throw new UsageError(`--service must be one of ${Object.keys(DEAD_LETTER_SERVICES).join(', ')}`);
  }
  return value;
}

function countFlag(name: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) {
    throw new UsageError(`--${name} must be 1 to 1000000`);
  }
  return Number(value);
}

function limitFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000)
    throw new UsageError('--limit must be 1 to 1000');
  return Number(value);
}

export const COMMANDS: Record<string, Command> = {
  'team:create': {
    usage: 'team:create --name N',
    run: async (client, flags) => client.createTeam(one(flags, 'name')),
  },
  'team:set-rate-limit': {
    usage: 'team:set-rate-limit --team T --per-minute N|default [--burst B]',
    run: async (client, flags) => {
      const perMinute = one(flags, 'per-minute');
      const burst = optional(flags, 'burst');
      return client.setTeamRateLimit(
        one(flags, 'team'),
        perMinute === 'default' ? null : countFlag('per-minute', perMinute),
        burst === undefined ? null : countFlag('burst', burst),
      );
    },
  },
  'team:set-branding': {
    usage: 'team:set-branding --team T [--display-name N] [--logo-url https://...]',
    run: async (client, flags) =>
      client.setTeamBranding(
        one(flags, 'team'),
        optional(flags, 'display-name') ?? null,
        optional(flags, 'logo-url') ?? null,
      ),
  },
  'team:set-sharing': {
    usage:
      'team:set-sharing --team T [--display-name N|default] [--privacy-url https://...|none] [--history-days 0-3650]',
    run: async (client, flags) => {
      const displayName = optional(flags, 'display-name');
      const privacyUrl = optional(flags, 'privacy-url');
      const days = optional(flags, 'history-days');
      if (days !== undefined && (!/^\d+$/.test(days) || Number(days) > 3_650)) {
        throw new UsageError('--history-days must be 0 to 3650');
      }
      return client.setTeamSharing({
        teamId: one(flags, 'team'),
        ...(displayName === undefined ? {} : { displayName: displayName === 'default' ? null : displayName }),
        ...(privacyUrl === undefined ? {} : { privacyPolicyUrl: privacyUrl === 'none' ? null : privacyUrl }),
        ...(days === undefined ? {} : { historyWindowDays: Number(days) }),
      });
    },
  },
  'api-key:create': {
    usage: 'api-key:create --team T --name N',
    run: async (client, flags) => client.createApiKey(one(flags, 'team'), one(flags, 'name')),
  },
  'api-key:revoke': {
    usage: 'api-key:revoke --team T --key K',
    run: async (client, flags) => client.revokeApiKey(one(flags, 'team'), one(flags, 'key')),
  },
  'user:create': {
    usage: 'user:create --email E --password P --team T [--team T2 ...]',
    run: async (client, flags) => client.createUser(one(flags, 'email'), one(flags, 'password'), many(flags, 'team')),
  },
  'partner-app:create': {
    usage: 'partner-app:create --team T --name N --redirect-uri U [--redirect-uri U2 ...] [--webhook-url W]',
    run: async (client, flags) =>
      client.createPartnerApp(
        one(flags, 'team'),
        one(flags, 'name'),
        many(flags, 'redirect-uri'),
        optional(flags, 'webhook-url'),
      ),
  },
  'partner-app:set-redirect-uris': {
    usage: 'partner-app:set-redirect-uris --team T --client C --redirect-uri U [--redirect-uri U2 ...]',
    run: async (client, flags) =>
      client.setPartnerAppRedirectUris(one(flags, 'team'), one(flags, 'client'), many(flags, 'redirect-uri')),
  },
  'partner-app:rotate-secret': {
    usage: 'partner-app:rotate-secret --client C',
    run: async (client, flags) => client.rotatePartnerAppSecret(one(flags, 'client')),
  },
  'partner-app:rotate-webhook-secret': {
    usage: 'partner-app:rotate-webhook-secret --client C [--overlap-hours H]',
    run: async (client, flags) => {
      const hours = optional(flags, 'overlap-hours') ?? '24';
      if (!/^\d+$/.test(hours) || Number(hours) > 168) throw new UsageError('--overlap-hours must be 0 to 168');
      return client.rotatePartnerAppWebhookSecret(one(flags, 'client'), Number(hours) * 3600);
    },
  },
  'installation:disconnect': {
    usage: 'installation:disconnect --client C --team T',
    run: async (client, flags) => client.disconnectInstallation(one(flags, 'client'), one(flags, 'team')),
  },
  'connector:disconnect': {
    usage: 'connector:disconnect --client C --team T',
    run: async (client, flags) => client.disconnectConnector(one(flags, 'client'), one(flags, 'team')),
  },
  'dead-letter:list': {
    usage: 'dead-letter:list [--service S] [--limit N]',
    run: async (client, flags) => {
      const service = optional(flags, 'service');
      return client.listDeadLetters(
        service === undefined ? undefined : serviceFlag(service),
        limitFlag(optional(flags, 'limit')),
      );
    },
  },
  'dead-letter:replay': {
    usage: 'dead-letter:replay --service S --id N',
    run: async (client, flags) => client.replayDeadLetter(serviceFlag(one(flags, 'service')), one(flags, 'id')),
  },
  'shop:connect': {
    usage:
      'shop:connect --shop DOMAIN --secret S --api-key K [--storefront-url U] [--admin-api-url U] [--admin-token T]',
    run: async (client, flags) =>
      client.connectShop({
        shop: one(flags, 'shop'),
        secret: one(flags, 'secret'),
        apiKey: one(flags, 'api-key'),
        storefrontUrl: optional(flags, 'storefront-url'),
        adminApiUrl: optional(flags, 'admin-api-url'),
        adminToken: optional(flags, 'admin-token'),
      }),
  },
  'shop:disconnect': {
    usage: 'shop:disconnect --shop DOMAIN',
    run: async (client, flags) => client.disconnectShop(one(flags, 'shop')),
  },
  // The sandbox retailer is reached over HTTP (SANDBOX_RETAILER_URL); these two ignore the NATS client.
  'sandbox:account:create': {
    usage: 'sandbox:account:create --retailer R --email E --password P [--otp | --otp=CODE]',
    run: async (_client, flags) =>
      SandboxRetailerClient.fromEnv().createAccount(one(flags, 'retailer'), {
        email: one(flags, 'email'),
        password: one(flags, 'password'),
        oneTimeCode: oneTimeCodeFlag(optional(flags, 'otp')),
      }),
  },
  'sandbox:order:create': {
    usage: 'sandbox:order:create --retailer R --email E [--items N]',
    run: async (_client, flags) =>
      SandboxRetailerClient.fromEnv().createOrder(
        one(flags, 'retailer'),
        one(flags, 'email'),
        itemsFlag(optional(flags, 'items')),
      ),
  },
};

/** Flags that may stand alone (`--otp`); they read as SWITCH_ON. */
const SWITCHES = new Set(['otp']);
const SWITCH_ON = 'true';

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
    if (value === undefined && SWITCHES.has(name)) {
      value = SWITCH_ON;
    } else if (value === undefined) {
      value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i += 1;
    }
    (flags[name] ??= []).push(value);
  }
  return { command, flags };
}
