import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** Where a partner app's webhook signing secret comes from (auth-server owns it). */
export abstract class PartnerAppSecrets {
  /** The app's `whsec_` secret; null when the app no longer exists. Throws when auth-server cannot answer. */
  abstract webhookSecret(clientId: string): Promise<string | null>;
}

/** `auth.get-partner-app-webhook.v1`: the only place the secret travels. */
@Injectable()
export class RpcPartnerAppSecrets extends PartnerAppSecrets {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async webhookSecret(clientId: string): Promise<string | null> {
    try {
      const answer = await this.rpc.request(AuthContracts.getPartnerAppWebhook, { clientId });
      return answer.webhook_secret;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw error; // unavailable or failed: the event is redelivered later
    }
  }
}
