import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AdminClient } from './admin-client.js';
import { COMMANDS, parseArgs, UsageError } from './commands.js';

interface Seen {
  url: string;
  authorization: string | undefined;
  body: unknown;
}

describe('sandbox commands', () => {
  const seen: Seen[] = [];
  let status = 201;
  let server: Server;
  // The sandbox commands talk HTTP only: a call to the NATS client would throw.
  const noMethods: Partial<AdminClient> = {};
  const client = noMethods as AdminClient;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
        });
        const body = status === 201 ? { ok: true } : { error: 'account_exists', detail: 'already there' };
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.SANDBOX_RETAILER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    delete process.env.SANDBOX_ADMIN_TOKEN;
  });
  afterAll(async () => {
    delete process.env.SANDBOX_RETAILER_URL;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
    status = 201;
  });

  const run = (argv: string[]) => {
    const { command, flags } = parseArgs(argv);
    return COMMANDS[command]!.run(client, flags);
  };

  it.each<[string[], unknown]>([
    [[], false],
    [['--otp'], true],
    [['--otp=123456'], '123456'],
  ])('sandbox:account:create %j asks the sandbox admin API for the account', async (extra, oneTimeCode) => {
    const argv = [
      'sandbox:account:create',
      '--retailer',
      'walmart',
      '--email',
      'a@b.test',
      '--password',
      'long-password',
    ];
    await expect(run([...argv.slice(0, 3), ...extra, ...argv.slice(3)])).resolves.toEqual({ ok: true });
    expect(seen).toEqual([
      {
        url: '/admin/r/walmart/accounts',
        authorization: 'Bearer sandbox-admin-development-token',
        body: { email: 'a@b.test', password: 'long-password', one_time_code: oneTimeCode },
      },
    ]);
  });

  it('sandbox:order:create adds one order of N items', async () => {
    await run(['sandbox:order:create', '--retailer', 'target', '--email', 'a+1@b.test', '--items', '3']);
    await run(['sandbox:order:create', '--retailer', 'target', '--email', 'a@b.test']);
    expect(seen.map(({ url, body }) => [url, body])).toEqual([
      ['/admin/r/target/accounts/a%2B1%40b.test/orders', { items: 3 }],
      ['/admin/r/target/accounts/a%40b.test/orders', {}],
    ]);
  });

  it('reports the sandbox refusal with its status', async () => {
    status = 409;
    await expect(
      run(['sandbox:account:create', '--retailer', 'walmart', '--email', 'a@b.test', '--password', 'long-password']),
    ).rejects.toThrow('409 already there');
  });

  it.each([
    [['sandbox:account:create', '--retailer', 'walmart', '--email', 'a@b.test']],
    [['sandbox:account:create', '--retailer', 'w', '--email', 'e', '--password', 'p', '--otp=12']],
    [['sandbox:order:create', '--retailer', 'walmart', '--email', 'a@b.test', '--items', '0']],
    [['sandbox:order:create', '--retailer', 'walmart', '--email', 'a@b.test', '--items', 'many']],
  ])('refuses %j before calling the sandbox', async (argv) => {
    await expect(run(argv)).rejects.toThrow(UsageError);
    expect(seen).toHaveLength(0);
  });

  it('keeps requiring values for every other flag', () => {
    expect(() => parseArgs(['sandbox:order:create', '--items'])).toThrow(UsageError);
    expect(parseArgs(['sandbox:account:create', '--otp', '--email', 'e'])).toEqual({
      command: 'sandbox:account:create',
      flags: { otp: ['true'], email: ['e'] },
    });
  });
});
