/** Fields whose values never reach a log line, wherever they appear in it (compared without case). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'password',
  'secret',
  'token',
  'api_key',
  'apiKey',
  'link_token',
  'linkToken',
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'connection_token',
];

const CENSOR = '[Redacted]';
const SECRET_KEY_SET = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
/** A quoted secret key followed by a colon: the line may hold a secret field. */
const SECRET_FIELD = new RegExp(`"(?:${SECRET_KEYS.join('|')})"\\s*:`, 'i');

/**
 * A serialized log line (pino's JSON and its newline) with the value of every secret field blanked, at any depth,
 * bindings, serialized errors and headers included. Most lines hold none and are returned as they are after one
 * regular-expression test; only the others are parsed and written again.
 *
 * Redaction runs on the line being written instead of through pino's `redact` paths: those ran on every binding
 * of every child logger, so on each request's logger whatever the log level (a seventh of the gateway's
 * allocations on GET /purchases, bench/read), and reached only three levels deep.
 */
export function redactLogLine(line: string): string {
  if (!SECRET_FIELD.test(line)) return line;
  try {
    return `${JSON.stringify(blankSecrets(JSON.parse(line)))}\n`;
  } catch {
    // Not JSON (never from pino): rather lose the line than its secret.
    return `${JSON.stringify({ level: 'warn', msg: 'a log line with a secret field was withheld' })}\n`;
  }
}

function blankSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY_SET.has(key.toLowerCase()) ? CENSOR : blankSecrets(inner),
    ]),
  );
}

const SECRET_QUERY = /([?&](?:link_token|token|access_token|refresh_token|code|code_verifier|client_secret)=)[^&#]*/gi;
const SECRET_PATH = /(\/link-tokens\/)[^/?#]+/g;

/** Removes secrets carried in a URL: token query parameters and the raw token in `/link-tokens/{token}`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]').replace(SECRET_PATH, '$1[Redacted]');
}
