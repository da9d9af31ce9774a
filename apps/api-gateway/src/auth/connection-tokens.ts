import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT } from 'jose';
import { ulid } from 'ulid';
import { looksLikeJwt } from './auth-errors.js';

export interface ConnectionTokenOptions {
  /** PEM of the P-256 signing key. */
  privateKeyPem: string;
  /** `{base_url}`: the issuer; the audience is `{base_url}/purchases`. */
  baseUrl: string;
  ttlSeconds: number;
}

export interface ConnectionTokenClaims {
  teamId: string;
  connectionId: string;
  scopes: string[];
}

/**
 * Connection tokens (ADR 0004): ES256 JWTs the gateway signs and verifies itself, `sub` = connection id,
 * `team_id`, `scope: access`, issuer `{base_url}`, audience `{base_url}/purchases`. The audience keeps
 * them apart from OAuth access tokens, whose audience is `{base_url}` and issuer auth-server.
 */
export class ConnectionTokens {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly kid: Promise<string>;

  constructor(
    private readonly options: ConnectionTokenOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.privateKey = createPrivateKey(options.privateKeyPem);
    this.publicKey = createPublicKey(this.privateKey);
    this.kid = exportJWK(this.publicKey).then((jwk) => calculateJwkThumbprint(jwk));
  }

  private get audience(): string {
    return `${this.options.baseUrl}/purchases`;
  }

  async issue(teamId: string, connectionId: string): Promise<{ connection_token: string; expires_in: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const token = await new SignJWT({ team_id: teamId, scope: 'access' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: await this.kid })
      .setIssuer(this.options.baseUrl)
      .setAudience(this.audience)
      .setSubject(connectionId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.options.ttlSeconds)
      .setJti(ulid())
      .sign(this.privateKey);
    return { connection_token: token, expires_in: this.options.ttlSeconds };
  }

  /** The claims of a valid token, or null for anything else (malformed, forged, expired, another kind). */
  async verify(token: string): Promise<ConnectionTokenClaims | null> {
    if (!looksLikeJwt(token)) return null;
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ['ES256'],
        issuer: this.options.baseUrl,
        audience: this.audience,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.now()),
      });
      const teamId = payload.team_id;
      if (typeof teamId !== 'string' || !teamId || !payload.sub) return null;
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { teamId, connectionId: payload.sub, scopes };
    } catch {
      return null;
    }
  }
}
