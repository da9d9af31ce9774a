import { DeliverPolicy } from '@nats-io/jetstream';
import { AuthContracts } from '@cps/contracts';
import { ApiKeyCache } from './api-key-cache.js';
import {
  ApiKeyRevocationsListener,
  type OrderedConsumers,
  type RevocationMessages,
} from './api-key-revocations.listener.js';

/** An ordered consumer's message stream that the test feeds by hand. */
class FakeMessages implements RevocationMessages {
  private queue: unknown[] = [];
  private wake?: () => void;
  closed = false;

  push(data: unknown): void {
    this.queue.push(data);
    this.wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator]() {
    while (!this.closed) {
      const next = this.queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      yield { json: () => next };
    }
  }
}

function setup() {
  const messages = new FakeMessages();
  const requested: unknown[] = [];
  const nats = {
    js: {
      consumers: {
        get: async (stream: string, options: unknown) => {
          requested.push({ stream, options });
          return { consume: async () => messages };
        },
      },
    },
  } satisfies OrderedConsumers;
  const cache = new ApiKeyCache({ ttlMs: 30_000, maxSize: 10 });
  const listener = new ApiKeyRevocationsListener(nats, cache, { EVENTS_STREAM: 'CPS_TEST' });
  return { messages, requested, cache, listener };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('ApiKeyRevocationsListener', () => {
  it('follows new revocations only, with an ordered consumer on the events stream', async () => {
    const { requested, listener } = setup();
    await listener.onApplicationBootstrap();
    expect(requested).toEqual([
      {
        stream: 'CPS_TEST',
        options: { filter_subjects: AuthContracts.apiKeyRevoked.subject, deliver_policy: DeliverPolicy.New },
      },
    ]);
    await listener.beforeApplicationShutdown();
  });

  it('turns the cache on once subscribed, evicts on each revocation, and stops cleanly', async () => {
    const { messages, cache, listener } = setup();
    expect(cache.isActive).toBe(false);
    await listener.onApplicationBootstrap();
    expect(cache.isActive).toBe(true);

    cache.set('f1', { teamId: 't', keyId: 'key_1', keyName: 'k' });
    messages.push({
      id: '01J0',
      subject: AuthContracts.apiKeyRevoked.subject,
      occurredAt: new Date().toISOString(),
      correlationId: '01J0',
      data: { keyId: 'key_1', teamId: 't' },
    });
    await tick();
    expect(cache.get('f1')).toBeUndefined();
    expect(cache.wasRevoked('key_1')).toBe(true);

    await listener.beforeApplicationShutdown();
    expect(messages.closed).toBe(true);
    expect(cache.isActive).toBe(false);
  });
});
