import { ClientNats } from '@nestjs/microservices';
import { SharedInboxClientNats } from './nats-shared-inbox-client.js';

// Contract test: the members of Nest's ClientNats that SharedInboxClientNats overrides or calls. A Nest upgrade
// that renames or drops one fails here; test/framework-patches.int-spec.ts runs requests through it on real NATS.
describe('SharedInboxClientNats (Nest ClientNats internals)', () => {
  const client = new SharedInboxClientNats({ servers: ['nats://127.0.0.1:4222'] });

  it.each(['publish', 'assignPacketId', 'createSubscriptionHandler', 'mergeHeaders', 'normalizePattern'])(
    'ClientNats still has %s',
    (member) => {
      expect(typeof (ClientNats.prototype as unknown as Record<string, unknown>)[member]).toBe('function');
    },
  );

  it('keeps the routing map and serializer it reads', () => {
    const internals = client as unknown as { routingMap: unknown; serializer: { serialize?: unknown } };
    expect(internals.routingMap).toBeInstanceOf(Map);
    expect(typeof internals.serializer.serialize).toBe('function');
  });

  it('replaces the publish of every request', () => {
    expect(Object.hasOwn(SharedInboxClientNats.prototype, 'publish')).toBe(true);
  });
});
