import { Injectable } from '@nestjs/common';
import { constantTimeEqual } from '@cps/persistence';
import { OAuthError } from '../oauth-error.js';
import { secretHash } from '../tokens/secrets.js';
import { type PartnerApp, PartnerAppRepository } from './partner-app.repository.js';

/** RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined and base64-encoded. */
function decodeBasic(header: string | undefined): { clientId: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  try {
    const part = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { clientId: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** `client_secret_basic`, the only client authentication the token and revocation endpoints accept. */
@Injectable()
export class ClientAuthenticator {
  constructor(private readonly apps: PartnerAppRepository) {}

  /**
   * The client id and the hash of the secret an HTTP Basic header presents, not yet checked; null when there is no
   * well-formed header. For a statement that checks them itself (the one-statement refresh).
   */
  presented(authorization: string | undefined): { clientId: string; secretHash: string } | null {
    const credentials = decodeBasic(authorization);
    return credentials && { clientId: credentials.clientId, secretHash: secretHash(credentials.secret) };
  }

  async authenticate(authorization: string | undefined): Promise<PartnerApp> {
    const presented = this.presented(authorization);
    if (!presented) throw OAuthError.invalidClient('HTTP Basic client authentication is required');
    const app = await this.apps.find(presented.clientId);
    // Hash comparison in constant time; an unknown client costs the same hash.
    if (!app || !constantTimeEqual(presented.secretHash, app.secretHash)) throw OAuthError.invalidClient();
    return app;
  }
}
