import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { PartnerAppRepository } from './partner-app.repository.js';

/**
 * A new webhook signing secret for a partner app, shown once. The old one keeps signing next to it for
 * `overlapSeconds` (events-service sends both signatures), so the partner can switch its verifier meanwhile.
 */
@Injectable()
export class RotatePartnerAppWebhookSecretUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, overlapSeconds: number): Promise<AuthContracts.RotatedPartnerAppWebhookSecret> {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const until = overlapSeconds > 0 ? new Date(this.clock.now().getTime() + overlapSeconds * 1000) : null;
    if (!(await this.apps.rotateWebhookSecret(clientId, this.box.seal(secret), until))) {
      throw new RpcRefusal(404, `partner app ${clientId} not found`);
    }
    return { client_id: clientId, webhook_secret: secret, previous_secret_until: until?.toISOString() ?? null };
  }
}
