/** Paths pino blanks out wherever they appear in a log line (one wildcard level deep, as pino supports). */
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

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [`${quote(key)}`, `*.${quote(key)}`, `*.*.${quote(key)}`]),
];

function quote(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
}

const SECRET_QUERY = /([?&](?:link_token|token|access_token|refresh_token|code|code_verifier|client_secret)=)[^&#]*/gi;
const SECRET_PATH = /(\/link-tokens\/)[^/?#]+/g;

/** Removes secrets carried in a URL: token query parameters and the raw token in `/link-tokens/{token}`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]').replace(SECRET_PATH, '$1[Redacted]');
}
