// Writes the secret files docker/compose.yaml and `npm run test:deploy` mount (one value per file, read by the
// apps through `X_FILE`), made fresh and random; an existing file is kept, so running it again changes nothing.
//
//   node docker/generate-secrets.mjs [dir]        # default docker/secrets (ignored by git and by image builds)
//
// Database: `postgres-roles.sql` runs once when Postgres initializes its data directory (the official image's
// /docker-entrypoint-initdb.d, or docker/postgres/entrypoint.sh): it creates the database owner `cps` without
// CREATEROLE and each app's role `cps_<schema>` with its password, the way CloudNativePG's managed roles do,
// so migrations (as `cps`, `database-migrator-url`) only grant. Each app reads `database-url-<schema>`.
// NATS: each service that uses it signs in as its user of k8s/base/nats/users.conf (`nats-url-<app>`); the server
// gets the passwords from `nats-passwords.env`.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every schema an app owns (apps/<app>/src/migrations), the role `cps_<schema>` connects to it. */
export const SCHEMAS = [
  'auth',
  'dashboard',
  'events',
  'gateway',
  'matching',
  'mcp',
  'sandbox',
  'sandbox_loyalty',
  'sandbox_storefront',
  'storefront',
  'sync',
];

/** The NATS users, one per service that uses NATS: the same file Kubernetes gives its NATS servers. */
export const NATS_USERS = [
  ...readFileSync(join(import.meta.dirname, '../k8s/base/nats/users.conf'), 'utf8').matchAll(/\buser: "([a-z-]+)"/g),
].map((match) => match[1]);

const hex = (bytes) => randomBytes(bytes).toString('hex');

function ecKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey;
}

/** Secret values that do not depend on others: file name -> value. */
const SECRETS = {
  'encryption-key': () => randomBytes(32).toString('base64'),
  'connection-token-private-key': () => ecKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
  'link-session-secret': () => hex(32),
  'auth-signing-keys': () =>
    JSON.stringify({ keys: [{ ...ecKey().export({ format: 'jwk' }), kid: `k${Date.now().toString(36)}` }] }),
  'auth-cookie-keys': () => hex(32),
  'sandbox-admin-token': () => hex(24),
  'sandbox-proxy-secret': () => hex(24),
  'sandbox-admin-api-token': () => `shpat_${hex(16)}`,
  'postgres-password': () => hex(24),
  'database-owner-password': () => hex(24),
  ...Object.fromEntries(SCHEMAS.map((schema) => [`database-password-${schema}`, () => hex(24)])),
  // A letter first: nats-server parses a `$VAR` value as config, so `123e4567…` fails and all digits become a number.
  ...Object.fromEntries(NATS_USERS.map((user) => [`nats-password-${user}`, () => `n${hex(24)}`])),
};

export function generateSecrets(dir, host = 'postgres:5432', natsHost = 'nats:4222') {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const written = [];
  const write = (name, make) => {
    const file = join(dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const value = make();
    // Readable by the apps' user (uid 1000) once mounted; the directory itself is the owner's only.
    writeFileSync(file, `${value}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    written.push(name);
    return value;
  };
  const values = Object.fromEntries(Object.entries(SECRETS).map(([name, make]) => [name, write(name, make)]));
  const owner = values['database-owner-password'];
  write('database-migrator-url', () => `postgres://cps:${owner}@${host}/cps`);
  for (const schema of SCHEMAS) {
    write(
      `database-url-${schema}`,
      () => `postgres://cps_${schema}:${values[`database-password-${schema}`]}@${host}/cps`,
    );
  }
  for (const user of NATS_USERS) {
    write(`nats-url-${user}`, () => `nats://${user}:${values[`nats-password-${user}`]}@${natsHost}`);
  }
  // The NATS server's environment: users.conf reads each password as $NATS_PASSWORD_<APP>.
  write('nats-passwords.env', () =>
    NATS_USERS.map(
      (user) => `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}=${values[`nats-password-${user}`]}`,
    ).join('\n'),
  );
  write('postgres-roles.sql', () =>
    [
      '-- The database owner (migrations) without CREATEROLE, and each app role with its password.',
      `CREATE ROLE cps LOGIN PASSWORD '${owner}';`,
      'ALTER DATABASE cps OWNER TO cps;',
      'ALTER SCHEMA public OWNER TO cps;',
      ...SCHEMAS.map(
        (schema) => `CREATE ROLE cps_${schema} LOGIN PASSWORD '${values[`database-password-${schema}`]}';`,
      ),
      '-- mcp-server runs every `ask` statement as this role (ADR 0016); CloudNativePG manages it the same way.',
      'CREATE ROLE cps_mcp_query NOLOGIN;',
      'GRANT cps_mcp_query TO cps_mcp;',
    ].join('\n'),
  );
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dir = resolve(process.argv[2] ?? join(import.meta.dirname, 'secrets'));
  const written = generateSecrets(dir);
  console.log(written.length ? `${dir}: wrote ${written.join(', ')}` : `${dir}: every secret exists, kept`);
}
