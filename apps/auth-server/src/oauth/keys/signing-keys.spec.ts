import { generateKeyPairSync } from 'node:crypto';
import { DEVELOPMENT_SIGNING_KEYS, parseSigningKeys, publicJwks } from './signing-keys.js';

const jwk = (type: 'ec' | 'rsa', kid?: string) => {
  const { privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), ...(kid ? { kid } : {}) };
};

describe('signing keys from configuration', () => {
  it('reads EC and RSA keys, the first one signing, and publishes only public halves', () => {
    const keys = parseSigningKeys(JSON.stringify({ keys: [jwk('ec', 'new'), jwk('rsa', 'old')] }));
    expect(keys.map((k) => [k.kid, k.alg])).toEqual([
      ['new', 'ES256'],
      ['old', 'RS256'],
    ]);
    const published = publicJwks(keys);
    expect(published.keys.map((k) => (k as { kid: string }).kid)).toEqual(['new', 'old']);
    for (const key of published.keys) expect(key).not.toHaveProperty('d');
  });

  it.each([
    ['not JSON', 'nope'],
    ['no keys', JSON.stringify({ keys: [] })],
    ['a key without kid', JSON.stringify({ keys: [jwk('ec')] })],
    ['duplicate kids', JSON.stringify({ keys: [jwk('ec', 'a'), jwk('ec', 'a')] })],
    ['a public key', JSON.stringify({ keys: [{ ...jwk('ec', 'a'), d: undefined }] })],
  ])('refuses %s', (_name, json) => {
    expect(() => parseSigningKeys(json)).toThrow();
  });

  it('has a development key', () => {
    expect(DEVELOPMENT_SIGNING_KEYS[0]).toMatchObject({ alg: 'ES256', kid: 'dev-2026-11' });
  });
});
