import { Injectable, Logger } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { SecretBox, type Transaction } from '@cps/persistence';
import { isNewerThan, receivesDeliveries, type InstallationChange } from './installation-change.js';
import { PartnerAppSecrets } from './partner-app-secrets.js';
import { PartnerTargetRepository } from './partner-target.repository.js';

export type ChangeOutcome = 'applied' | 'stale';

/**
 * Brings an installation's delivery target up to date with one `auth.installation.*` event, inside the
 * consumer's transaction:
 * - a later event than the stored one wins; an earlier one (reordered, redelivered) changes nothing;
 * - active with a webhook URL: the destination is (re)enabled; the app's signing secret is fetched once,
 *   when the first destination row is made, and kept sealed on it;
 * - deactivated, disconnected or without a URL: the destination is disabled at once and its pending
 *   deliveries fail unsent. A later activation resumes delivery for new events only.
 */
@Injectable()
export class ApplyInstallationChangeUseCase {
  private readonly logger = new Logger('PartnerDeliveries');

  constructor(
    private readonly targets: PartnerTargetRepository,
    private readonly secrets: PartnerAppSecrets,
    private readonly box: SecretBox,
  ) {}

  async execute(change: InstallationChange, manager: Transaction): Promise<ChangeOutcome> {
    const created = await this.targets.insertIfNew(manager, change);
    const current = await this.targets.lock(manager, change.installationId);
    if (!current) throw new Error(`partner target ${change.installationId} vanished`);
    if (!created && !isNewerThan(change, current)) {
      this.logger.debug(`installation ${change.installationId}: older ${change.status} event ignored`);
      return 'stale';
    }

    const delivers = receivesDeliveries(change);
    let destinationId = current.destinationId;
    if (destinationId) {
      const offReason = delivers ? null : whyOff(change);
      await this.targets.updateDestination(manager, destinationId, {
        url: change.webhookUrl,
        isActive: delivers,
        disabledReason: offReason,
      });
      if (offReason) {
        const failed = await this.targets.failPending(manager, destinationId, offReason);
        if (failed > 0) this.logger.log(`installation ${change.installationId}: ${failed} pending deliveries failed`);
      }
    } else if (delivers) {
      destinationId = await this.createDestination(change, manager);
    }
    await this.targets.save(manager, change, destinationId);
    this.logger.log(
      `installation ${change.installationId} (${change.clientId}) ${change.status}: ` +
        (delivers && destinationId ? 'partner webhooks on' : 'partner webhooks off'),
    );
    return 'applied';
  }

  private async createDestination(change: InstallationChange, manager: Transaction): Promise<string | null> {
    const secret = await this.secrets.webhookSecret(change.clientId);
    if (secret === null) {
      this.logger.warn(`partner app ${change.clientId} not found at auth-server: no webhooks for it`);
      return null;
    }
    const id = ulid();
    await this.targets.createDestination(manager, {
      id,
      clientId: change.clientId,
      url: change.webhookUrl!,
      secretSealed: this.box.seal(secret),
      isActive: true,
    });
    return id;
  }
}

/** Why a partner destination is off: shown as the destination's disabled reason and failed deliveries' error. */
function whyOff(change: InstallationChange): string {
  return change.status === 'active' ? 'partner app has no webhook URL' : `partner installation is ${change.status}`;
}
