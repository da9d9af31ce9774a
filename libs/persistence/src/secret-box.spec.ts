import { randomBytes } from 'node:crypto';
import { SecretBox, constantTimeEqual, sha256 } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
  });

  it('produces a different ciphertext each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('rejects tampered ciphertext and other keys', () => {
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('rejects a key of the wrong size', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});

describe('sha256 and constantTimeEqual', () => {
  it('hashes deterministically and compares safely', () => {
    expect(sha256('a')).toHaveLength(64);
    expect(constantTimeEqual(sha256('a'), sha256('a'))).toBe(true);
    expect(constantTimeEqual('a', 'ab')).toBe(false);
  });
});
