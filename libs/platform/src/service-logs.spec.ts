import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { createLogger, ListenStatus, runInAppScope } from '@cps/observability';
import { AppScopedNestLogger } from './service-logs.js';

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
