import { pino, type DestinationStream, type Logger } from 'pino';
import { redactLogLine } from './redaction.js';

/** A service's JSON logger (stdout unless `destination`); secret fields are blanked in every line written. */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service },
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    hooks: { streamWrite: redactLogLine },
  };
  return destination ? pino(options, destination) : pino(options);
}
