import { type InternalConnectionStatus } from '@cps/contracts';
import { planLinkActivation, type LinkActivationPlan } from './link-activation.js';

const LINKED = new Date('2026-01-01T00:00:00.000Z');

describe('planLinkActivation', () => {
  it.each<[string, { status: InternalConnectionStatus; firstLinkedAt: Date | null } | null, LinkActivationPlan]>([
    [
      'no connection yet: create and activate, a first activation',
      null,
      { kind: 'create', activity: ['connection_created', 'connection_activated'], firstActivation: true },
    ],
    [
      'created through POST /connections, never linked: first activation',
      { status: 'initialized', firstLinkedAt: null },
      { kind: 'activate', activity: ['connection_activated'], firstActivation: true },
    ],
    [
      'unauthenticated after a lost session: re-authentication, not a first activation',
      { status: 'unauthenticated', firstLinkedAt: LINKED },
      { kind: 'activate', activity: ['connection_reauthenticated'], firstActivation: false },
    ],
    [
      'unauthenticated but never linked (set by hand): still its first activation',
      { status: 'unauthenticated', firstLinkedAt: null },
      { kind: 'activate', activity: ['connection_activated'], firstActivation: true },
    ],
    [
      'already active: credentials refreshed, nothing emitted',
      { status: 'active', firstLinkedAt: LINKED },
      { kind: 'refresh', activity: ['connection_reauthenticated'] },
    ],
    [
      'disconnected by the brand: refused',
      { status: 'disconnected', firstLinkedAt: LINKED },
      { kind: 'refused', reason: 'connection_disconnected' },
    ],
    [
      'revoked by the shopper: refused',
      { status: 'revoked', firstLinkedAt: LINKED },
      { kind: 'refused', reason: 'connection_disconnected' },
    ],
  ])('%s', (_name, existing, plan) => {
    expect(planLinkActivation(existing)).toEqual(plan);
  });
});
