import { Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthContracts } from '@cps/contracts';
import { SecretBox } from '@cps/persistence';
import { ApplyInstallationChangeUseCase } from './apply-installation-change.use-case.js';
import { type InstallationChange } from './installation-change.js';
import { PartnerAppSecrets } from './partner-app-secrets.js';
import {
  type NewPartnerDestination,
  type PartnerTarget,
  type PartnerTargetRepository,
} from './partner-target.repository.js';
import { fake } from '@cps/testing/unit';

const manager = {} as EntityManager;
const box = new SecretBox(Buffer.alloc(32, 7).toString('base64'));
const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const URL_A = 'https://partner.example/hooks';

interface Destination extends NewPartnerDestination {
  disabledReason: string | null;
  pending: number;
}

/** The repository's state in memory: targets, destinations and pending deliveries per destination. */
class FakeTargets implements Partial<PartnerTargetRepository> {
  readonly targets = new Map<string, PartnerTarget>();
  readonly destinations = new Map<string, Destination>();
  readonly failed: Array<{ destinationId: string; reason: string; count: number }> = [];

  insertIfNew(_m: EntityManager, change: InstallationChange): Promise<boolean> {
    if (this.targets.has(change.installationId)) return Promise.resolve(false);
    this.targets.set(change.installationId, this.row(change, null));
    return Promise.resolve(true);
  }

  lock(_m: EntityManager, installationId: string): Promise<PartnerTarget | null> {
    const row = this.targets.get(installationId);
    return Promise.resolve(row ? { ...row } : null);
  }

  save(_m: EntityManager, change: InstallationChange, destinationId: string | null): Promise<void> {
    this.targets.set(change.installationId, this.row(change, destinationId));
    return Promise.resolve();
  }

  createDestination(_m: EntityManager, destination: NewPartnerDestination): Promise<void> {
    this.destinations.set(destination.id, { ...destination, disabledReason: null, pending: 0 });
    return Promise.resolve();
  }

  updateDestination(
    _m: EntityManager,
    id: string,
    change: { url: string | null; isActive: boolean; disabledReason: string | null },
  ): Promise<void> {
    const destination = this.destinations.get(id)!;
    Object.assign(destination, {
      url: change.url ?? destination.url,
      isActive: change.isActive,
      disabledReason: change.disabledReason,
    });
    return Promise.resolve();
  }

  failPending(_m: EntityManager, destinationId: string, reason: string): Promise<number> {
    const destination = this.destinations.get(destinationId)!;
    const count = destination.pending;
    destination.pending = 0;
    this.failed.push({ destinationId, reason, count });
    return Promise.resolve(count);
  }

  private row(change: InstallationChange, destinationId: string | null): PartnerTarget {
    return {
      installationId: change.installationId,
      clientId: change.clientId,
      teamId: change.teamId,
      status: change.status,
      webhookUrl: change.webhookUrl,
      destinationId,
      lastEventAt: change.occurredAt,
      lastEventId: change.eventId,
    };
  }
}

function setup(secret: string | null = SECRET) {
  const targets = new FakeTargets();
  const fetched: string[] = [];
  const secrets = new (class extends PartnerAppSecrets {
    webhookSecrets(clientId: string) {
      fetched.push(clientId);
      return Promise.resolve(secret === null ? null : { current: secret, previous: null });
    }
  })();
  const useCase = new ApplyInstallationChangeUseCase(fake<PartnerTargetRepository>(targets), secrets, box);
  return { targets, fetched, useCase };
}

let sequence = 0;
function change(
  status: AuthContracts.InstallationStatus,
  occurredAt: string,
  overrides: Partial<InstallationChange> = {},
): InstallationChange {
  sequence += 1;
  return {
    eventId: `01JEVENT${String(sequence).padStart(18, '0')}`,
    occurredAt: new Date(occurredAt),
    installationId: 'INST1',
    clientId: 'cpa_1',
    teamId: 'team-1',
    status,
    webhookUrl: URL_A,
    ...overrides,
  };
}

describe('ApplyInstallationChangeUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('activation: fetches the secret once and stores it sealed on an active partner destination', async () => {
    const { targets, fetched, useCase } = setup();
    expect(await useCase.execute(change('active', '2025-01-01T00:00:00Z'), manager)).toBe('applied');
    const target = targets.targets.get('INST1')!;
    expect(target).toMatchObject({ status: 'active', teamId: 'team-1', clientId: 'cpa_1', webhookUrl: URL_A });
    const destination = targets.destinations.get(target.destinationId!)!;
    expect(destination).toMatchObject({ url: URL_A, isActive: true, clientId: 'cpa_1' });
    expect(destination.secretSealed).not.toContain(SECRET);
    expect(box.open(destination.secretSealed)).toBe(SECRET);
    expect(fetched).toEqual(['cpa_1']);
  });

  it('deactivation: disables the destination and fails its pending deliveries; re-activation resumes without a fetch', async () => {
    const { targets, fetched, useCase } = setup();
    await useCase.execute(change('active', '2025-01-01T00:00:00Z'), manager);
    const destinationId = targets.targets.get('INST1')!.destinationId!;
    targets.destinations.get(destinationId)!.pending = 3;

    await useCase.execute(change('deactivated', '2025-01-01T01:00:00Z'), manager);
    expect(targets.targets.get('INST1')).toMatchObject({ status: 'deactivated', destinationId });
    expect(targets.destinations.get(destinationId)).toMatchObject({
      isActive: false,
      disabledReason: 'partner installation is deactivated',
    });
    expect(targets.failed).toEqual([{ destinationId, reason: 'partner installation is deactivated', count: 3 }]);

    await useCase.execute(change('active', '2025-01-01T02:00:00Z'), manager);
    expect(targets.destinations.get(destinationId)).toMatchObject({ isActive: true, disabledReason: null });
    expect(targets.destinations.size).toBe(1);
    expect(fetched).toEqual(['cpa_1']);
  });

  it('disconnection stops deliveries like a deactivation', async () => {
    const { targets, useCase } = setup();
    await useCase.execute(change('active', '2025-01-01T00:00:00Z'), manager);
    await useCase.execute(change('disconnected', '2025-01-01T01:00:00Z'), manager);
    const target = targets.targets.get('INST1')!;
    expect(target.status).toBe('disconnected');
    expect(targets.destinations.get(target.destinationId!)?.isActive).toBe(false);
  });

  it('ignores an event older than the stored one (reordered after a redelivery)', async () => {
    const { targets, useCase } = setup();
    const activated = change('active', '2025-01-01T00:00:00Z');
    const deactivated = change('deactivated', '2025-01-01T01:00:00Z');
    await useCase.execute(deactivated, manager);
    expect(await useCase.execute(activated, manager)).toBe('stale');
    expect(targets.targets.get('INST1')).toMatchObject({ status: 'deactivated', lastEventId: deactivated.eventId });
    expect(targets.destinations.size).toBe(0);
  });

  it('keeps the later of two events of one instant by envelope id', async () => {
    const { targets, useCase } = setup();
    const first = change('active', '2025-01-01T00:00:00Z');
    const second = change('deactivated', '2025-01-01T00:00:00Z');
    await useCase.execute(second, manager);
    expect(await useCase.execute(first, manager)).toBe('stale');
    expect(targets.targets.get('INST1')?.status).toBe('deactivated');
  });

  it('an app without a webhook URL gets no destination and no fetch', async () => {
    const { targets, fetched, useCase } = setup();
    await useCase.execute(change('active', '2025-01-01T00:00:00Z', { webhookUrl: null }), manager);
    expect(targets.targets.get('INST1')).toMatchObject({ status: 'active', destinationId: null, webhookUrl: null });
    expect(fetched).toEqual([]);
  });

  it('a later event without the URL turns an existing destination off; one with a new URL moves it', async () => {
    const { targets, useCase } = setup();
    await useCase.execute(change('active', '2025-01-01T00:00:00Z'), manager);
    const destinationId = targets.targets.get('INST1')!.destinationId!;
    await useCase.execute(change('active', '2025-01-01T01:00:00Z', { webhookUrl: null }), manager);
    expect(targets.destinations.get(destinationId)).toMatchObject({
      isActive: false,
      url: URL_A,
      disabledReason: 'partner app has no webhook URL',
    });
    await useCase.execute(change('active', '2025-01-01T02:00:00Z', { webhookUrl: 'https://new.example/h' }), manager);
    expect(targets.destinations.get(destinationId)).toMatchObject({ isActive: true, url: 'https://new.example/h' });
  });

  it('an app auth-server no longer knows gets no destination', async () => {
    const { targets, useCase } = setup(null);
    await useCase.execute(change('active', '2025-01-01T00:00:00Z'), manager);
    expect(targets.targets.get('INST1')).toMatchObject({ status: 'active', destinationId: null });
    expect(targets.destinations.size).toBe(0);
  });

  it('lets an unavailable auth-server fail the event, so it is redelivered', async () => {
    const failing = new ApplyInstallationChangeUseCase(
      fake<PartnerTargetRepository>(new FakeTargets()),
      new (class extends PartnerAppSecrets {
        webhookSecrets() {
          return Promise.reject(new Error('auth-server is unavailable'));
        }
      })(),
      box,
    );
    await expect(failing.execute(change('active', '2025-01-01T00:00:00Z'), manager)).rejects.toThrow('unavailable');
  });
});
