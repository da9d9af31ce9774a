import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { ulid } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { TeamRepository } from '../../teams/team.repository.js';
import { redirectUriProblem, redirectUrisProblem } from '../redirect-uri-policy.js';
import { CLIENT_SECRET_PREFIX, randomSecret, secretHash } from '../tokens/secrets.js';
import { PartnerAppRepository } from './partner-app.repository.js';

export interface NewPartnerApp {
  teamId: string;
  name: string;
  redirectUris: string[];
  webhookUrl?: string;
}

/**
 * Registers a confidential client. The client secret is stored as a SHA-256 hash (256 random bits need no
 * slow hash); the webhook signing secret is sealed, because events-service must sign with it later.
 */
@Injectable()
export class CreatePartnerAppUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly apps: PartnerAppRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly outbound: OutboundGuard,
  ) {}

  async execute(input: NewPartnerApp): Promise<{ client_id: string; client_secret: string; webhook_secret: string }> {
    if (!(await this.teams.exists(input.teamId))) throw new RpcRefusal(404, `team ${input.teamId} not found`);
    const problem = redirectUrisProblem(input.redirectUris);
    if (problem) throw new RpcRefusal(422, problem);
    if (input.webhookUrl !== undefined) {
      const webhookProblem = redirectUriProblem(input.webhookUrl);
      if (webhookProblem) throw new RpcRefusal(422, `webhook URL: ${webhookProblem}`);
      await this.refusePrivateHost(new URL(input.webhookUrl).hostname);
    }
    const clientId = `cpa_${ulid()}`;
    const clientSecret = randomSecret(CLIENT_SECRET_PREFIX);
    const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
    await this.apps.create(
      {
        clientId,
        teamId: input.teamId,
        name: input.name,
        secretHash: secretHash(clientSecret),
        redirectUris: input.redirectUris,
        webhookUrl: input.webhookUrl ?? null,
        webhookSecretSealed: this.box.seal(webhookSecret),
      },
      this.clock.now(),
    );
    return { client_id: clientId, client_secret: clientSecret, webhook_secret: webhookSecret };
  }

  /**
   * A webhook URL naming a private, loopback, link-local or metadata address (or resolving to one) is refused
   * unless allowlisted, as brands' webhook URLs are; a name that does not resolve yet is accepted, because every
   * delivery is checked again by events-service.
   */
  private async refusePrivateHost(hostname: string): Promise<void> {
    const verdict = await this.outbound.vet(hostname, AbortSignal.timeout(2_000)).catch(() => null);
    if (verdict && !verdict.allowed && verdict.reason === 'forbidden') {
      throw new RpcRefusal(422, `webhook URL must not point to a private or internal address (${verdict.category})`);
    }
  }
}
