/** How `npm start` prints: readable lines for a person at a terminal, JSON lines for anything else. */
type LogFormat = 'pretty' | 'json';

export function logFormat(env: NodeJS.ProcessEnv, isTty: boolean): LogFormat {
  if (env.LOG_FORMAT === 'json') return 'json';
  if (env.LOG_FORMAT === 'pretty') return 'pretty';
  return isTty ? 'pretty' : 'json';
}

const LEVELS: Record<string, string> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO ',
  warn: 'WARN ',
  error: 'ERROR',
  fatal: 'FATAL',
};
const LEVEL_COLOURS: Record<string, number> = { warn: 33, error: 31, fatal: 31, debug: 90, trace: 90 };
const QUIET_KEYS = new Set(['level', 'time', 'service', 'msg', 'pid', 'hostname', 'context']);

/**
 * One service log line (pino JSON) as `12:04:05.123 api-gateway#2   WARN  message key=value`. A line that is not
 * JSON (a crash's stack trace) is shown as it came.
 */
export function prettyLine(instance: string, line: string, colour = false): string {
  const paint = (code: number | undefined, text: string) => (colour && code ? `\x1b[${code}m${text}\x1b[0m` : text);
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
    if (!record || typeof record !== 'object') throw new Error('not an object');
  } catch {
    return `${' '.repeat(12)} ${paint(36, instance.padEnd(18))} ${line}`;
  }
  const level = String(record.level ?? 'info');
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const extras = Object.entries(record)
    .filter(([key]) => !QUIET_KEYS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const message = [record.msg ?? '', extras].filter(Boolean).join(' ');
  return `${paint(90, time)} ${paint(36, instance.padEnd(18))} ${paint(LEVEL_COLOURS[level], LEVELS[level] ?? level)} ${message}`;
}

/** A service's line for JSON output: pino lines as they are, anything else wrapped so every line is JSON. */
export function jsonLine(instance: string, line: string): string {
  try {
    const record = JSON.parse(line) as unknown;
    if (record && typeof record === 'object')
      return instance.includes('#') ? JSON.stringify({ ...record, instance }) : line;
  } catch {
    // not JSON
  }
  return JSON.stringify({
    level: 'info',
    time: new Date().toISOString(),
    service: instance.split('#')[0],
    instance,
    msg: line,
  });
}
