import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface AccessTokenOptions {
  teamId: string;
  scope: string;
  audience: string;
  clientId?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuer?: string;
  /** Sign with a key the JWKS does not publish (same kid). */
  foreignKey?: boolean;
}

/** A stand-in for auth-server's token signing: an ES256 key whose JWKS it serves over HTTP on 127.0.0.1. */
export class TestOAuthIssuer {
  readonly issuer = 'https://auth.test.invalid';
  private server?: Server;
  private port = 0;

  private constructor(
    private readonly key: CryptoKey,
    private readonly foreign: CryptoKey,
    private readonly jwk: JWK,
  ) {}

  static async start(): Promise<TestOAuthIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const foreign = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'ES256', use: 'sig' };
    const issuer = new TestOAuthIssuer(privateKey, foreign.privateKey, jwk);
    await issuer.listen();
    return issuer;
  }

  get jwksUrl(): string {
    return `http://127.0.0.1:${this.port}/jwks`;
  }

  token(options: AccessTokenOptions): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      client_id: options.clientId ?? 'test_partner_app',
      service_client_id: options.teamId,
      scope: options.scope,
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.jwk.kid!, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience)
      .setSubject('user_1')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (options.expiresIn ?? 900))
      .setJti(`jti_${Math.random().toString(36).slice(2)}`)
      .sign(options.foreignKey ? this.foreign : this.key);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private listen(): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.url === '/jwks') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [this.jwk] }));
        return;
      }
      response.writeHead(404).end();
    });
    return new Promise((resolve) => {
      this.server!.listen(0, '127.0.0.1', () => {
        const address = this.server!.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  }
}
