import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { ulid } from '@cps/contracts';
import { TtlCache } from '@cps/platform';
import { looksLikeJwt } from './auth-errors.js';

export interface ConnectionTokenOptions {
  /**
   * One or more PEM-encoded P-256 private keys, newest first: the first signs, every one verifies the tokens
   * that name it (`kid`, the key's RFC 7638 thumbprint). Rotation: put the new key first, remove the old one
   * once the tokens it signed have expired (CONNECTION_TOKEN_TTL_SECONDS).
   */
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

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Connection tokens (ADR 0004): ES256 JWTs the gateway signs and verifies itself, `sub` = connection id,
 * `team_id`, `scope: access`, issuer `{base_url}`, audience `{base_url}/purchases`. The audience keeps
 * them apart from OAuth access tokens, whose audience is `{base_url}` and issuer auth-server.
 */
export class ConnectionTokens {
  private readonly privateKey: KeyObject;
  /** Verification keys by kid; the signing key's is first. */
  private readonly keys: Promise<Map<string, KeyObject>>;
  /**
   * Claims of tokens already verified, until they expire: a client sends the same token with every call, and
   * an ES256 verification costs more than the rest of the gateway's work on a request. Keys are fixed for the
   * process's life, so a verdict cannot change before `exp`. Bounded; the least recently used entry goes first.
   */
  private readonly verified: TtlCache<string, ConnectionTokenClaims>;

  constructor(
    private readonly options: ConnectionTokenOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.verified = new TtlCache({ ttlMs: options.ttlSeconds * 1000, maxEntries: VERIFIED_TOKENS_KEPT }, now);
    const privateKeys = pemBlocks(options.privateKeyPem).map((pem) => createPrivateKey(pem));
    if (privateKeys.length === 0) throw new Error('no connection-token signing key');
    this.privateKey = privateKeys[0]!;
    this.keys = Promise.all(
      privateKeys.map(async (key) => {
        const publicKey = createPublicKey(key);
        return [await calculateJwkThumbprint(await exportJWK(publicKey)), publicKey] as const;
      }),
    ).then((entries) => new Map(entries));
  }

  /** The kid new tokens carry. */
  async signingKid(): Promise<string> {
    return (await this.keys).keys().next().value as string;
  }

  private get audience(): string {
    return `${this.options.baseUrl}/purchases`;
  }

  async issue(teamId: string, connectionId: string): Promise<{ connection_token: string; expires_in: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const token = await new SignJWT({ team_id: teamId, scope: 'access' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: await this.signingKid() })
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
    const known = this.verified.get(token);
    if (known) return known;
    if (!looksLikeJwt(token)) return null;
    const keys = await this.keys;
    // The token names its key; one whose key was removed from the configuration is refused.
    const keyOf = ({ kid }: JWTHeaderParameters) => {
      const key = kid === undefined ? undefined : keys.get(kid);
      if (!key) throw new Error('unknown kid');
      return key;
    };
    try {
      const { payload } = await jwtVerify(token, keyOf, {
        algorithms: ['ES256'],
        issuer: this.options.baseUrl,
        audience: this.audience,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.now()),
      });
      const teamId = payload.team_id;
      if (typeof teamId !== 'string' || !teamId || !payload.sub) return null;
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      const claims = { teamId, connectionId: payload.sub, scopes };
      this.verified.set(token, claims, payload.exp! * 1000);
      return claims;
    } catch {
      return null;
    }
  }
}

/** The PEM blocks of a text holding one or more of them, in order. */
export function pemBlocks(text: string): string[] {
  return (text.match(/-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g) ?? []).map((block) => `${block}\n`);
}
