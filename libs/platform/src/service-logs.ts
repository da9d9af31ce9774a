import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type LoggerService } from '@nestjs/common';
import { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { currentAppScope, currentListenStatus, runInAppScope } from '@cps/observability';
import { httpLogSerializers } from './http-log-serializers.js';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * What Nest's `Logger` writes through (`new Logger('Context')` in the apps, Nest's own exception handlers): Nest
 * holds one such logger per process (`Logger.overrideLogger`), so this one writes each line with the logger of the
 * app the work belongs to, and of the request inside a request (the app scope, `@cps/observability`). In a process
 * of several apps every line names its own service; outside every app it uses `fallback`. Nest's calls map to pino
 * as nestjs-pino maps them: the last argument is the context, an object or error is merged into the line.
 */
export class AppScopedNestLogger implements LoggerService {
  /** `ignoredContexts`: Nest contexts whose lines are dropped. */
  constructor(
    private readonly fallback: Logger,
    private readonly ignoredContexts: readonly string[] = [],
  ) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const scope = currentAppScope();
    const logger = scope?.request ?? scope?.logger ?? this.fallback;
    if (!logger.isLevelEnabled(level)) return;
    if (params.length && this.ignoredContexts.includes(params[params.length - 1] as string)) return;
    const fields: Record<string, unknown> = params.length ? { context: params[params.length - 1] } : {};
    const rest = params.slice(0, -1);
    if (message instanceof Error) {
      logger[level]({ ...fields, err: message }, ...(rest as []));
    } else if (message !== null && typeof message === 'object') {
      logger[level]({ ...fields, ...message }, ...(rest as []));
    } else if (level === 'error' && typeof rest[0] === 'string' && rest.length === 1 && /\n\s*at /.test(rest[0])) {
      // Nest's exception handlers call error(message, stack, context).
      const err = new Error(String(message));
      err.stack = rest[0];
      logger.error({ ...fields, err });
    } else {
      logger[level](fields, String(message), ...(rest as []));
    }
  }
}

/**
 * An app's request log (pino-http: one line per request, health and metrics probes left out), and the request's
 * logger in the app scope while the request is handled, so Nest `Logger` lines carry the request's id.
 */
export function requestLogging(
  service: string,
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void {
  const http = logger.isLevelEnabled('info')
    ? pinoHttp({
        logger,
        autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)/.test(req.url ?? '') },
        wrapSerializers: false,
        serializers: httpLogSerializers,
      })
    : requestLoggerOnFirstUse(logger);
  return (req, res, next) =>
    http(req, res, () => {
      const app = currentAppScope();
      runInAppScope(
        {
          service: app?.service ?? service,
          logger: app?.logger ?? logger,
          listens: app?.listens ?? currentListenStatus(),
          // Read when a line is written, not now: the request's logger may not be made until then.
          get request() {
            return req.log;
          },
        },
        next,
      );
    });
}

/**
 * Above `info` pino-http writes no line of its own (its request lines are `info`), yet it would build every
 * request's logger, serializing the request into it, for lines that are almost never written (bench/read README).
 * Here the request gets its id as pino-http numbers them, and its logger, with the same `req` binding, when a line
 * of the request is first written.
 */
function requestLoggerOnFirstUse(
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const base = logger.child({}, { serializers: httpLogSerializers });
  let lastId = 0;
  return (req, _res, next) => {
    req.id ??= lastId = (lastId + 1) & 0x7fffffff;
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (log ??= base.child({ req })) });
    next();
  };
}
