import { pino, type Logger } from 'pino';
import { REDACT_PATHS } from './redaction.js';

export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
  });
}
