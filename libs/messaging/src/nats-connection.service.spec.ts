import { JetStreamApiError } from '@nats-io/jetstream';
import { NatsConnectionService } from './nats-connection.service.js';
import { type MessagingOptions } from './tokens.js';

/** A service whose connection is open (the retry gives up once it is closed). */
function connected(open = true) {
  const service = new NatsConnectionService({ service: 'test', natsUrl: 'nats://127.0.0.1:1' } as MessagingOptions);
  Object.assign(service, { connection: { isClosed: () => !open } });
  return service;
}

const timeout = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

describe('NatsConnectionService.untilJetStream', () => {
  it('retries a start-up step while JetStream times out, then returns its result', async () => {
    let calls = 0;
    const result = await connected().untilJetStream('JetStream', async () => {
      calls += 1;
      if (calls < 3) throw timeout();
      return 'ready';
    });
    expect(result).toBe('ready');
    expect(calls).toBe(3);
  });

  it('fails at once on an error that waiting does not cure, and when the connection is closed', async () => {
    const refused = new JetStreamApiError({ code: 400, err_code: 10052, description: 'invalid stream config' });
    let calls = 0;
    const step = async () => {
      calls += 1;
      throw refused;
    };
    await expect(connected().untilJetStream('stream', step)).rejects.toBe(refused);
    await expect(
      connected(false).untilJetStream('stream', async () => {
        calls += 1;
        throw timeout();
      }),
    ).rejects.toThrow('timeout');
    expect(calls).toBe(2);
  });
});
