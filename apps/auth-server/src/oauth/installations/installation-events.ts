import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { type Installation } from './installation.repository.js';

/** Each installation change commits its event through the outbox, in the transaction of the change. */
export const InstallationEvents = {
  activated(
    tx: EntityManager,
    installation: Installation,
    webhookUrl: string | null,
    previous: AuthContracts.InstallationStatus | null,
    at: Date,
  ) {
    return recordEvent(
      tx,
      'auth',
      AuthContracts.installationActivated,
      {
        installationId: installation.id,
        clientId: installation.clientId,
        teamId: installation.teamId,
        webhookUrl,
        scope: installation.scope,
        previousStatus: previous,
      },
      { teamId: installation.teamId, occurredAt: at },
    );
  },

  deactivated(
    tx: EntityManager,
    installation: Installation,
    webhookUrl: string | null,
    reason: 'dashboard_disconnect' | 'revoked',
    at: Date,
  ) {
    return recordEvent(
      tx,
      'auth',
      AuthContracts.installationDeactivated,
      {
        installationId: installation.id,
        clientId: installation.clientId,
        teamId: installation.teamId,
        webhookUrl,
        reason,
      },
      { teamId: installation.teamId, occurredAt: at },
    );
  },

  disconnected(tx: EntityManager, installation: Installation, webhookUrl: string | null, at: Date) {
    return recordEvent(
      tx,
      'auth',
      AuthContracts.installationDisconnected,
      {
        installationId: installation.id,
        clientId: installation.clientId,
        teamId: installation.teamId,
        webhookUrl,
        reason: 'refresh_token_reuse',
      },
      { teamId: installation.teamId, occurredAt: at },
    );
  },
};
