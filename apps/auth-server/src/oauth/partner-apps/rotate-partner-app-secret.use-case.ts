import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { CLIENT_SECRET_PREFIX, randomSecret, secretHash } from '../tokens/secrets.js';
import { PartnerAppRepository } from './partner-app.repository.js';

/** A new client secret, shown once; the previous one stops working at once (installations are untouched). */
@Injectable()
export class RotatePartnerAppSecretUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string): Promise<{ client_id: string; client_secret: string }> {
    const secret = randomSecret(CLIENT_SECRET_PREFIX);
    if (!(await this.apps.replaceSecret(clientId, secretHash(secret), this.clock.now()))) {
      throw new RpcRefusal(404, `partner app ${clientId} not found`);
    }
    return { client_id: clientId, client_secret: secret };
  }
}
