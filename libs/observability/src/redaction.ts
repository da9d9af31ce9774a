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
 * of every child logger, so on each request's logger whatever the log level (a large share of the gateway's
 * allocations on GET /purchases, bench/read README), and reached only three levels deep.
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

/** Query parameters that carry a secret, by name (compared decoded and without case). */
const SECRET_QUERY_NAMES = new Set([
  'link_token',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'connection_token',
  'api_key',
  'password',
]);
/** A route parameter or query parameter whose name says it holds a secret (`:link_token`, `?session_token=`). */
const SECRET_NAME = /token|secret|password/i;
/** Collections whose member ids are secrets, for a path no route matched (its parameters have no names). */
const SECRET_COLLECTIONS = new Set(['link-tokens']);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const isSecretQueryName = (raw: string): boolean => {
  const name = decoded(raw).toLowerCase();
  return SECRET_QUERY_NAMES.has(name) || SECRET_NAME.test(name);
};

/**
 * Removes the secrets a URL carries, by structure rather than spelling: every path segment that the matched
 * route's template (`route`, e.g. `/link-tokens/:link_token`) names a secret parameter, every member of a secret
 * collection (`/LINK-TOKENS/{token}` too: routing ignores case, so does this), and every query parameter with a
 * secret name, compared after percent-decoding (`link%5Ftoken`).
 */
export function redactUrl(url: string, route?: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const template = route?.split('/') ?? [];
  const segments = path.split('/');
  const redactedPath = segments
    .map((segment, index) => {
      const part = template[index];
      const secretParameter = part !== undefined && part.startsWith(':') && SECRET_NAME.test(part.slice(1));
      const inSecretCollection = index > 0 && SECRET_COLLECTIONS.has(decoded(segments[index - 1]!).toLowerCase());
      return segment && (secretParameter || inSecretCollection) ? CENSOR : segment;
    })
    .join('/');
  if (mark === -1) return redactedPath;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretQueryName(name) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}
