import { type SigningKey } from './keys/signing-keys.js';

/** What the OAuth parts of auth-server read from configuration (injected, so tests can build their own). */
export abstract class OAuthSettings {
  /** `{auth_url}`. */
  abstract readonly issuer: string;
  /** `{base_url}`: the only resource and the audience of access tokens. */
  abstract readonly baseUrl: string;
  abstract readonly signingKeys: SigningKey[];
  abstract readonly cookieKeys: string[];
  abstract readonly testClock: boolean;
}
