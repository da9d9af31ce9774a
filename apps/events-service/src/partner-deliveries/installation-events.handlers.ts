import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { AuthContracts, type Envelope, type EventData } from '@cps/contracts';
import { type EventHandlerDefinition } from '@cps/messaging';
import { ApplyInstallationChangeUseCase } from './apply-installation-change.use-case.js';
import { type InstallationChange } from './installation-change.js';

type InstallationData = EventData<typeof AuthContracts.installationDeactivated>;

function change(
  envelope: Envelope<Omit<InstallationData, 'reason'>>,
  status: AuthContracts.InstallationStatus,
): InstallationChange {
  const { installationId, clientId, teamId, webhookUrl } = envelope.data;
  return {
    eventId: envelope.id,
    occurredAt: new Date(envelope.occurredAt),
    installationId,
    clientId,
    teamId,
    status,
    webhookUrl,
  };
}

// Durable consumers (never rename `name`: it holds the position), deduplicated by the inbox.

/** `auth.installation.activated.v1`: partner webhooks start (or resume, for new events). */
@Injectable()
export class InstallationActivatedHandler implements EventHandlerDefinition<
  typeof AuthContracts.installationActivated
> {
  readonly name = 'partner-installation-activated';
  readonly event = AuthContracts.installationActivated;

  constructor(private readonly apply: ApplyInstallationChangeUseCase) {}

  async handle(
    envelope: Envelope<EventData<typeof AuthContracts.installationActivated>>,
    manager: EntityManager,
  ): Promise<void> {
    await this.apply.execute(change(envelope, 'active'), manager);
  }
}

/** `auth.installation.deactivated.v1` (dashboard disconnect, `POST /oauth/revoke`): partner webhooks stop. */
@Injectable()
export class InstallationDeactivatedHandler implements EventHandlerDefinition<
  typeof AuthContracts.installationDeactivated
> {
  readonly name = 'partner-installation-deactivated';
  readonly event = AuthContracts.installationDeactivated;

  constructor(private readonly apply: ApplyInstallationChangeUseCase) {}

  async handle(
    envelope: Envelope<EventData<typeof AuthContracts.installationDeactivated>>,
    manager: EntityManager,
  ): Promise<void> {
    await this.apply.execute(change(envelope, 'deactivated'), manager);
  }
}

/** `auth.installation.disconnected.v1` (refresh-token reuse): partner webhooks stop. */
@Injectable()
export class InstallationDisconnectedHandler implements EventHandlerDefinition<
  typeof AuthContracts.installationDisconnected
> {
  readonly name = 'partner-installation-disconnected';
  readonly event = AuthContracts.installationDisconnected;

  constructor(private readonly apply: ApplyInstallationChangeUseCase) {}

  async handle(
    envelope: Envelope<EventData<typeof AuthContracts.installationDisconnected>>,
    manager: EntityManager,
  ): Promise<void> {
    await this.apply.execute(change(envelope, 'disconnected'), manager);
  }
}
