import { HttpException, Logger } from '@nestjs/common';
import {
  AuthContracts,
  DEAD_LETTER_SERVICES,
  deadLetterContracts,
  StorefrontContracts,
  SyncContracts,
  type DeadLetterService,
  type RpcContract,
  type RpcRequest,
  type RpcResponse,
} from '@cps/contracts';
import { RpcClient, type MessagingOptions } from '@cps/messaging';

/**
 * Operator commands, sent over NATS to the service that owns the data (so the services must run).
 * Used by the admin CLI, by `npm start` for the demo team, and by tests.
 */
export class AdminClient {
  private constructor(private readonly rpc: RpcClient) {}

  static async connect(natsUrl: string, timeoutMs = 10_000): Promise<AdminClient> {
    const options: MessagingOptions = {
      service: 'admin-cli',
      schema: 'none',
      natsUrl,
      stream: 'unused',
      requestTimeoutMs: timeoutMs,
    };
    return new AdminClient(await RpcClient.connect(options));
  }

  /** Silences Nest's console logger (the CLI's stdout carries exactly one JSON object). */
  static quiet(): void {
    Logger.overrideLogger(false);
  }

  request<C extends RpcContract<object, object>>(contract: C, payload: RpcRequest<C>): Promise<RpcResponse<C>> {
    return this.rpc.request(contract, payload);
  }

  createTeam(name: string) {
    return this.request(AuthContracts.createTeam, { name });
  }

  /** A team's REST API rate limit; nulls: the gateway's defaults. */
  setTeamRateLimit(teamId: string, perMinute: number | null, burst: number | null) {
    return this.request(AuthContracts.setTeamRateLimit, { teamId, perMinute, burst });
  }

  setTeamBranding(teamId: string, displayName: string | null, logoUrl: string | null) {
    return this.request(AuthContracts.setTeamBranding, { teamId, displayName, logoUrl });
  }

  setTeamSharing(request: AuthContracts.SetTeamSharingRequest) {
    return this.request(AuthContracts.setTeamSharing, request);
  }

  createApiKey(teamId: string, name: string) {
    return this.request(AuthContracts.createApiKey, { teamId, name });
  }

  revokeApiKey(teamId: string, keyId: string) {
    return this.request(AuthContracts.revokeApiKey, { teamId, keyId });
  }

  createUser(email: string, password: string, teamIds: string[]) {
    return this.request(AuthContracts.createUser, { email, password, teamIds });
  }

  createPartnerApp(teamId: string, name: string, redirectUris: string[], webhookUrl?: string) {
    return this.request(AuthContracts.createPartnerApp, {
      teamId,
      name,
      redirectUris,
      ...(webhookUrl !== undefined ? { webhookUrl } : {}),
    });
  }

  setPartnerAppRedirectUris(teamId: string, clientId: string, redirectUris: string[]) {
    return this.request(AuthContracts.updatePartnerApp, { teamId, clientId, redirectUris });
  }

  rotatePartnerAppSecret(clientId: string) {
    return this.request(AuthContracts.rotatePartnerAppSecret, { clientId });
  }

  rotatePartnerAppWebhookSecret(clientId: string, overlapSeconds: number) {
    return this.request(AuthContracts.rotatePartnerAppWebhookSecret, { clientId, overlapSeconds });
  }

  disconnectInstallation(clientId: string, teamId: string) {
    return this.request(AuthContracts.disconnectInstallation, { clientId, teamId });
  }

  disconnectConnector(clientId: string, teamId: string) {
    return this.request(AuthContracts.disconnectConnector, { clientId, teamId });
  }

  /**
   * Dead letters of one service, or of every service with consumers (newest first per service); a service that
   * does not answer (not running, or without consumers) is named in `unanswered`.
   */
  async listDeadLetters(service?: DeadLetterService, limit?: number) {
    const services = service ? [service] : (Object.keys(DEAD_LETTER_SERVICES) as DeadLetterService[]);
    const deadLetters = [];
    const unanswered: string[] = [];
    for (const name of services) {
      try {
        const list = await this.request(deadLetterContracts(name).list, { limit: limit ?? 100 });
        deadLetters.push(...list.dead_letters.map((letter) => ({ service: name, ...letter })));
      } catch (error) {
        if (service || !(error instanceof HttpException) || error.getStatus() !== 503) throw error;
        unanswered.push(name);
      }
    }
    return { dead_letters: deadLetters, ...(unanswered.length > 0 ? { unanswered } : {}) };
  }

  replayDeadLetter(service: DeadLetterService, id: string) {
    return this.request(deadLetterContracts(service).replay, { id });
  }

  connectShop(request: RpcRequest<typeof StorefrontContracts.connectShop>) {
    return this.request(StorefrontContracts.connectShop, request);
  }

  disconnectShop(shop: string) {
    return this.request(StorefrontContracts.disconnectShop, { shop });
  }

  verifyApiKey(apiKey: string) {
    return this.request(AuthContracts.verifyApiKey, { apiKey });
  }

  enableRetailer(teamId: string, retailerId: string) {
    return this.request(SyncContracts.updateRetailer, { teamId, retailerId, enabled: true });
  }

  async close(): Promise<void> {
    await this.rpc.close();
  }
}
