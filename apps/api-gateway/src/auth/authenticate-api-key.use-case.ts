import { Inject, Injectable } from '@nestjs/common';
import { AuthClient } from '../clients/auth.client.js';
import { type ApiKeyCaller } from './principal.js';
import { ApiKeyCache, apiKeyFingerprint } from './api-key-cache.js';

/** auth-server refuses longer keys as malformed; no key it issued is that long. */
const MAX_API_KEY_LENGTH = 256;

/**
 * Resolves an API key to its caller, or null when the key is unknown or revoked. Verdicts come from
 * auth-server (its 503 propagates) and positive ones are cached; concurrent checks of one key share
 * one request.
 */
@Injectable()
export class AuthenticateApiKeyUseCase {
  private readonly inFlight = new Map<string, Promise<ApiKeyCaller | null>>();

  constructor(
    @Inject(AuthClient) private readonly auth: Pick<AuthClient, 'verifyApiKey'>,
    private readonly cache: ApiKeyCache,
  ) {}

  async execute(apiKey: string): Promise<ApiKeyCaller | null> {
    if (apiKey.length > MAX_API_KEY_LENGTH) return null;
    const fingerprint = apiKeyFingerprint(apiKey);
    const cached = this.cache.get(fingerprint);
    if (cached) return cached;
    const pending = this.inFlight.get(fingerprint);
    if (pending) return pending;
    const verification = this.verify(apiKey, fingerprint).finally(() => this.inFlight.delete(fingerprint));
    this.inFlight.set(fingerprint, verification);
    return verification;
  }

  private async verify(apiKey: string, fingerprint: string): Promise<ApiKeyCaller | null> {
    const verdict = await this.auth.verifyApiKey({ apiKey });
    if (!verdict.valid) return null;
    const caller: ApiKeyCaller = { teamId: verdict.teamId, keyId: verdict.keyId, keyName: verdict.keyName };
    // Revoked while we were asking: the revocation event is newer than this verdict.
    if (this.cache.wasRevoked(caller.keyId)) return null;
    this.cache.set(fingerprint, caller);
    return caller;
  }
}
