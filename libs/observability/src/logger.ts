import { pino, type DestinationStream, type Logger } from 'pino';
import { redactLogLine } from './redaction.js';

/**
 * Properties of a database error that hold a failing statement's values (TypeORM's `parameters`, the driver's error
 * and Postgres' `detail`, e.g. "Key (email)=(...) already exists"): left out of every logged error. The message, the
 * SQLSTATE `code` and the statement's text stay.
 */
const VALUE_BEARING = ['parameters', 'driverError', 'detail', 'where', 'internalQuery'];

function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (serialized === null || typeof serialized !== 'object') return serialized;
  for (const key of VALUE_BEARING) delete serialized[key];
  return serialized;
}

/** A service's JSON logger (stdout unless `destination`); secret fields are blanked in every line written. */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service },
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    hooks: { streamWrite: redactLogLine },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
