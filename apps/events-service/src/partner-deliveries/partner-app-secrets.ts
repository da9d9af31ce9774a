import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** A partner app's signing secrets: the current one, and the one it replaced while their overlap lasts. */
export interface PartnerWebhookSecrets {
  current: string;
  previous: { secret: string; until: Date } | null;
}

/** Where a partner app's webhook signing secret comes from (auth-server owns it). */
export abstract class PartnerAppSecrets {
  /** The app's secrets; null when the app no longer exists. Throws when auth-server cannot answer. */
  abstract webhookSecrets(clientId: string): Promise<PartnerWebhookSecrets | null>;

  /** The app's current `whsec_` secret; null when the app no longer exists. */
  async webhookSecret(clientId: string): Promise<string | null> {
    return (await this.webhookSecrets(clientId))?.current ?? null;
  }
}

/** `auth.get-partner-app-webhook.v1`: the only place the secrets travel. */
@Injectable()
export class RpcPartnerAppSecrets extends PartnerAppSecrets {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async webhookSecrets(clientId: string): Promise<PartnerWebhookSecrets | null> {
    try {
      const answer = await this.rpc.request(AuthContracts.getPartnerAppWebhook, { clientId });
      const { previous_webhook_secret: previous, previous_secret_until: until } = answer;
      return {
        current: answer.webhook_secret,
        previous: previous && until ? { secret: previous, until: new Date(until) } : null,
      };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw error; // unavailable or failed: the event is redelivered later
    }
  }
}
