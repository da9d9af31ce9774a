import { createPrivateKey, type JsonWebKey } from 'node:crypto';

/** A private signing key as configured: a JWK with `kid`, used for ES256 (P-256) or RS256 (RSA). */
export interface SigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  jwk: JsonWebKey & { kid: string; alg: 'ES256' | 'RS256' };
}

function toSigningKey(raw: unknown, index: number): SigningKey {
  if (!raw || typeof raw !== 'object') throw new Error(`key ${index} is not an object`);
  const jwk = raw as JsonWebKey & { kid?: unknown; alg?: unknown };
  if (typeof jwk.kid !== 'string' || jwk.kid.length === 0) throw new Error(`key ${index} has no kid`);
  if (typeof jwk.d !== 'string') throw new Error(`key ${jwk.kid} is not a private key`);
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  let alg: SigningKey['alg'];
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') alg = 'ES256';
  else if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048) alg = 'RS256';
  else throw new Error(`key ${jwk.kid} must be a P-256 EC key or an RSA key of at least 2048 bits`);
  if (jwk.alg !== undefined && jwk.alg !== alg)
    throw new Error(`key ${jwk.kid} has alg ${String(jwk.alg)}, expected ${alg}`);
  return { kid: jwk.kid, alg, jwk: { ...jwk, kid: jwk.kid, alg, use: 'sig' } };
}

/** Parses `{"keys":[...]}`. Rotation: put the new key first (it signs) and keep the old ones until their tokens expire. */
export function parseSigningKeys(json: string): SigningKey[] {
  const parsed = JSON.parse(json) as { keys?: unknown };
  if (!parsed || !Array.isArray(parsed.keys) || parsed.keys.length === 0)
    throw new Error('needs a non-empty "keys" array');
  const keys = parsed.keys.map(toSigningKey);
  const kids = new Set(keys.map((key) => key.kid));
  if (kids.size !== keys.length) throw new Error('kid values must be unique');
  return keys;
}

/** Public halves, as `{auth_url}/jwks` publishes them. */
export function publicJwks(keys: SigningKey[]): { keys: JsonWebKey[] } {
  return {
    keys: keys.map(({ jwk }) => {
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicPart } = jwk;
      return publicPart;
    }),
  };
}

/**
 * Outside production only. Anyone can read it here, so a token it signed proves nothing: production must
 * set AUTH_SIGNING_KEYS.
 */
export const DEVELOPMENT_SIGNING_KEYS: SigningKey[] = parseSigningKeys(
  JSON.stringify({
    keys: [
      {
        kty: 'EC',
        crv: 'P-256',
        kid: 'dev-2026-11',
        x: '749OUBwVAwHfYUk6fo6eBJAdZ15_gRWYFHcYmGYNlJg',
        y: 'Lze--jDztEQRzAYWZQDDSHkMNtguR1O888KmLBdeBYg',
        d: 'O1AEXMHel19HjWbXoyW0iFZ1qA7EXzWeRBOiGn-KHLQ',
      },
    ],
  }),
);

export const DEVELOPMENT_COOKIE_KEYS = ['cps-development-only-cookie-key-not-for-production'];
