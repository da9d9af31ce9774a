import { AuthContracts, type Envelope, type EventContract, type EventData } from '@cps/contracts';
import { eventConsumer } from '@cps/messaging';
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

/** A durable consumer (never rename `name`: it holds the position) of an installation event, which sets `status`. */
const installationConsumer = <C extends EventContract<Omit<InstallationData, 'reason'>>>(
  className: string,
  name: string,
  event: C,
  status: AuthContracts.InstallationStatus,
) =>
  eventConsumer(className, {
    name,
    event,
    inject: [ApplyInstallationChangeUseCase],
    handle: async ([apply], envelope, manager) => {
      await apply.execute(change(envelope, status), manager);
    },
  });

/** `auth.installation.activated.v1`: partner webhooks start (or resume, for new events). */
export const InstallationActivatedHandler = installationConsumer(
  'InstallationActivatedHandler',
  'partner-installation-activated',
  AuthContracts.installationActivated,
  'active',
);

/** `auth.installation.deactivated.v1` (dashboard disconnect, `POST /oauth/revoke`): partner webhooks stop. */
export const InstallationDeactivatedHandler = installationConsumer(
  'InstallationDeactivatedHandler',
  'partner-installation-deactivated',
  AuthContracts.installationDeactivated,
  'deactivated',
);

/** `auth.installation.disconnected.v1` (refresh-token reuse): partner webhooks stop. */
export const InstallationDisconnectedHandler = installationConsumer(
  'InstallationDisconnectedHandler',
  'partner-installation-disconnected',
  AuthContracts.installationDisconnected,
  'disconnected',
);
