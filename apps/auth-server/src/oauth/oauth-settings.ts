import { type SigningKey } from './keys/signing-keys.js';

/** What the OAuth parts of auth-server read from configuration (injected, so tests can build their own). */
export abstract class OAuthSettings {
  /** `{auth_url}`. */
  abstract readonly issuer: string;
  /** `{base_url}`: the only resource and the audience of access tokens. */
  abstract readonly baseUrl: string;
  /** `{mcp_url}`: the resource data-query connectors are authorized for (their tokens' first audience). */
  abstract readonly mcpUrl: string;
  /** Private hosts client metadata documents and partner webhook URLs may still reach (`OUTBOUND_ALLOW_PRIVATE_HOSTS`). */
  abstract readonly outboundAllow: readonly string[];
  /** Client metadata documents over plain http (development and tests only). */
  abstract readonly allowHttpMetadataDocuments: boolean;
  abstract readonly signingKeys: SigningKey[];
  abstract readonly cookieKeys: string[];
  abstract readonly testClock: boolean;
}
