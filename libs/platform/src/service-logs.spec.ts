import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { createLogger, ListenStatus, runInAppScope } from '@cps/observability';
import { AppScopedNestLogger, requestLogging } from './service-logs.js';

function sink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('AppScopedNestLogger', () => {
  const gateway = sink();
  const sync = sink();
  const host = sink();
  const scope = (service: string, stream: Writable) => ({
    service,
    logger: createLogger(service, 'info', stream),
    listens: new ListenStatus(),
  });

  beforeAll(() => Logger.overrideLogger(new AppScopedNestLogger(createLogger('platform', 'info', host.stream))));
  afterAll(() => Logger.overrideLogger(new Logger()));

  it('writes Nest Logger lines with the logger of the app the work belongs to, also in work it scheduled', async () => {
    const logger = new Logger('Relay');
    runInAppScope(scope('api-gateway', gateway.stream), () => logger.warn('from the gateway'));
    await runInAppScope(scope('sync-service', sync.stream), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.log({ batch: 3 }, 'from sync, later');
    });
    logger.log('from no app');

    expect(gateway.lines).toEqual([
      expect.objectContaining({ service: 'api-gateway', context: 'Relay', level: 'warn', msg: 'from the gateway' }),
    ]);
    expect(sync.lines).toEqual([expect.objectContaining({ service: 'sync-service', context: 'Relay', batch: 3 })]);
    expect(host.lines).toEqual([expect.objectContaining({ service: 'platform', msg: 'from no app' })]);
  });

  it('drops the lines of an ignored context', () => {
    const quiet = sink();
    const logger = new AppScopedNestLogger(createLogger('platform', 'info', quiet.stream), ['DataSourceNameRegistry']);
    logger.warn('already registered', 'DataSourceNameRegistry');
    logger.warn('kept', 'TypeOrmModule');
    expect(quiet.lines).toEqual([expect.objectContaining({ msg: 'kept', context: 'TypeOrmModule' })]);
  });

  it("keeps an exception handler's stack as the error's", () => {
    const before = gateway.lines.length;
    runInAppScope(scope('api-gateway', gateway.stream), () =>
      new Logger('ExceptionsHandler').error('boom', 'Error: boom\n    at handler (x.js:1:1)'),
    );
    expect(gateway.lines[before]).toMatchObject({
      level: 'error',
      context: 'ExceptionsHandler',
      err: { message: 'boom', stack: 'Error: boom\n    at handler (x.js:1:1)' },
    });
  });
});

describe('requestLogging', () => {
  /** One request through the middleware; `during` runs as the handler, a Nest Logger line is written in it. */
  async function request(level: string, during: (logger: Logger) => void) {
    const { lines, stream } = sink();
    const middleware = requestLogging('api-gateway', createLogger('api-gateway', level, stream));
    Logger.overrideLogger(new AppScopedNestLogger(createLogger('platform', level, stream)));
    try {
      const req = Object.assign(new EventEmitter(), { method: 'GET', url: '/purchases?limit=5', headers: {} });
      const res = Object.assign(new EventEmitter(), {
        statusCode: 200,
        getHeaders: () => ({}),
        headersSent: true,
        writableEnded: true,
      });
      await new Promise<void>((resolve) =>
        middleware(req as never, res as never, () => {
          during(new Logger('Handler'));
          resolve();
        }),
      );
      res.emit('finish');
      return lines;
    } finally {
      Logger.overrideLogger(new Logger());
    }
  }

  it.each(['info', 'warn'])(
    "at %s, a line written while handling a request carries the request's id and route",
    async (level) => {
      const lines = await request(level, (logger) => logger.error('handler failed'));
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          msg: 'handler failed',
          context: 'Handler',
          req: expect.objectContaining({ id: expect.any(Number), method: 'GET', url: '/purchases?limit=5' }),
        }),
      );
    },
  );

  it('writes the request line at info and nothing of its own above it', async () => {
    expect(await request('info', () => undefined)).toContainEqual(
      expect.objectContaining({ msg: 'request completed' }),
    );
    expect(await request('warn', () => undefined)).toEqual([]);
  });
});
