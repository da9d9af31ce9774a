import { type AdminClient } from './admin-client.js';
import { COMMANDS, parseArgs, UsageError } from './commands.js';

const noMethods: Partial<AdminClient> = {};

describe('parseArgs', () => {
  it.each([
    [['team:create', '--name', 'Acme'], { command: 'team:create', flags: { name: ['Acme'] } }],
    [['team:create', '--name=Acme Inc'], { command: 'team:create', flags: { name: ['Acme Inc'] } }],
    [
      ['user:create', '--email', 'a@b.co', '--team', 'T1', '--team', 'T2'],
      { command: 'user:create', flags: { email: ['a@b.co'], team: ['T1', 'T2'] } },
    ],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([[[]], [['--name', 'x']], [['team:create', 'stray']], [['team:create', '--name']]])('rejects %j', (argv) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
  });
});

describe('commands', () => {
  it('reject missing and repeated flags before calling any service', async () => {
    // No methods: a command that reached the service would throw.
    const client = noMethods as AdminClient;
    await expect(COMMANDS['team:create']!.run(client, {})).rejects.toThrow('missing --name');
    await expect(COMMANDS['api-key:create']!.run(client, { team: ['a', 'b'], name: ['n'] })).rejects.toThrow(
      'more than once',
    );
    await expect(COMMANDS['partner-app:create']!.run(client, { team: ['t'], name: ['n'] })).rejects.toThrow(
      'missing --redirect-uri',
    );
    await expect(
      COMMANDS['partner-app:create']!.run(client, {
        team: ['t'],
        name: ['n'],
        'redirect-uri': ['https://a.example/cb'],
        'webhook-url': ['https://a.example/h1', 'https://a.example/h2'],
      }),
    ).rejects.toThrow('--webhook-url given more than once');
    await expect(COMMANDS['installation:disconnect']!.run(client, { client: ['c'] })).rejects.toThrow('missing --team');
    await expect(
      COMMANDS['partner-app:set-redirect-uris']!.run(client, { team: ['t'], client: ['c'] }),
    ).rejects.toThrow('missing --redirect-uri');
    await expect(COMMANDS['connector:disconnect']!.run(client, { team: ['t'] })).rejects.toThrow('missing --client');
  });

  it('passes every --redirect-uri and the optional webhook URL to the service', async () => {
    const calls: unknown[][] = [];
    const client: Partial<AdminClient> = {
      createPartnerApp: (...args: Parameters<AdminClient['createPartnerApp']>) => {
        calls.push(args);
        return Promise.resolve({ client_id: 'c', client_secret: 's', webhook_secret: 'w' });
      },
    };
    await COMMANDS['partner-app:create']!.run(client as AdminClient, {
      team: ['T'],
      name: ['Loyalty'],
      'redirect-uri': ['https://a.example/cb', 'http://127.0.0.1:8080/cb'],
    });
    expect(calls).toEqual([['T', 'Loyalty', ['https://a.example/cb', 'http://127.0.0.1:8080/cb'], undefined]]);
  });

  it('passes the team, the app and every --redirect-uri of partner-app:set-redirect-uris', async () => {
    const calls: unknown[][] = [];
    const client: Partial<AdminClient> = {
      setPartnerAppRedirectUris: (...args: Parameters<AdminClient['setPartnerAppRedirectUris']>) => {
        calls.push(args);
        return Promise.resolve({
          client_id: 'C',
          name: 'Loyalty',
          redirect_uris: args[2],
          webhook_url: null,
          created_at: '2026-01-01T00:00:00.000Z',
          secret_rotated_at: null,
        });
      },
    };
    await COMMANDS['partner-app:set-redirect-uris']!.run(client as AdminClient, {
      team: ['T'],
      client: ['C'],
      'redirect-uri': ['https://a.example/cb', 'https://a.example/cb2'],
    });
    expect(calls).toEqual([['T', 'C', ['https://a.example/cb', 'https://a.example/cb2']]]);
  });
});
