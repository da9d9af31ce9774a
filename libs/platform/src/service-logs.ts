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
  const http = pinoHttp({
    logger,
    autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)/.test(req.url ?? '') },
    wrapSerializers: false,
    serializers: httpLogSerializers,
  });
  return (req, res, next) =>
    http(req, res, () => {
      const app = currentAppScope();
      runInAppScope(
        {
          service: app?.service ?? service,
          logger: app?.logger ?? logger,
          listens: app?.listens ?? currentListenStatus(),
          request: req.log,
        },
        next,
      );
    });
}
