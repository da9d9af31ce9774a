#!/usr/bin/env node
// Prints, as YAML for `kubectl apply -f -`, every Secret the manifests reference that the operator creates (the
// ones cert-manager and CloudNativePG create are not here), with fresh random values:
//   node k8s/generate-secrets.mjs <namespace> | kubectl apply -f -
// Run it once per environment and keep the output in your secret store (SOPS, External Secrets, Vault...):
// running it again makes new values (new database passwords are applied by CNPG; new ENCRYPTION_KEYs make
// sealed data unreadable). The S3 credentials of the backups (cps-db-backup) are yours to create.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const namespace = process.argv[2];
if (!namespace) {
  process.stderr.write('usage: node k8s/generate-secrets.mjs <namespace>\n');
  process.exit(64);
}

/** The database roles of the apps (the managed roles of the overlays' postgres.yaml), without the cps_ prefix. */
const SCHEMAS = ['gateway', 'auth', 'storefront', 'mcp', 'sync', 'matching', 'events', 'dashboard', 'sandbox_storefront'];
/** The NATS users (k8s/base/nats/users.conf). */
const NATS_USERS = [
  'api-gateway',
  'auth-server',
  'storefront-proxy',
  'mcp-server',
  'sync-service',
  'matching-service',
  'events-service',
  'dashboard',
];

const password = () => randomBytes(24).toString('hex');
// nats-server parses an environment variable's value as configuration: a password starting with a digit is read as
// a number and refused, so NATS passwords start with a letter.
const natsPassword = () => `n${password()}`;
const encryptionKey = () => randomBytes(32).toString('base64');
const ecPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const signingKeys = () => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return JSON.stringify({ keys: [{ ...jwk, kid: `k${new Date().toISOString().slice(0, 10)}` }] });
};

const secret = (name, stringData, type = 'Opaque') => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace, labels: { 'app.kubernetes.io/part-of': 'connected-purchases' } },
  type,
  stringData,
});

const owner = password();
const secrets = [
  // CloudNativePG's initdb owner (bootstrap.initdb.secret) and the migration Jobs' URL, as that owner.
  secret('cps-db-owner', { username: 'cps', password: owner }, 'kubernetes.io/basic-auth'),
  secret('cps-database-migrator', {
    url: `postgres://cps:${owner}@cps-db-rw:5432/cps?sslmode=verify-full&sslrootcert=/var/run/cps/db-ca/ca.crt`,
  }),
  ...SCHEMAS.map((schema) =>
    secret(
      `cps-db-${schema.replaceAll('_', '-')}`,
      { username: `cps_${schema}`, password: password() },
      'kubernetes.io/basic-auth',
    ),
  ),
  secret('cps-nats-users', Object.fromEntries(NATS_USERS.map((user) => [user, natsPassword()]))),
  secret('cps-api-gateway', {
    CONNECTION_TOKEN_PRIVATE_KEY: ecPem(),
    LINK_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: encryptionKey(),
  }),
  secret('cps-auth-server', {
    AUTH_SIGNING_KEYS: signingKeys(),
    AUTH_COOKIE_KEYS: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: encryptionKey(),
  }),
  ...['cps-sync-service', 'cps-events-service', 'cps-storefront-proxy'].map((name) =>
    secret(name, { ENCRYPTION_KEY: encryptionKey() }),
  ),
  // dev overlay only: the sandbox shop's app-proxy secret and Admin API token (shop:connect uses the same two).
  secret('cps-sandbox-storefront', {
    SANDBOX_PROXY_SECRET: randomBytes(24).toString('base64url'),
    SANDBOX_ADMIN_API_TOKEN: `shpat_${randomBytes(16).toString('hex')}`,
  }),
];

// One List (JSON, which is also YAML).
process.stdout.write(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: secrets }, null, 2) + '\n');
