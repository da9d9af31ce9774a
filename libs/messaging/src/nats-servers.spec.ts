import { natsServerOptions } from './nats-servers.js';

describe('natsServerOptions', () => {
  it.each([
    ['nats://127.0.0.1:4222', { servers: ['nats://127.0.0.1:4222'] }],
    ['nats://a:4222,nats://b:4222', { servers: ['nats://a:4222', 'nats://b:4222'] }],
    ['tls://cps-sync:s3cr%40t@nats:4222', { servers: ['tls://nats:4222'], user: 'cps-sync', pass: 's3cr@t' }],
    ['nats://u:p@a:4222,nats://b:4222', { servers: ['nats://a:4222', 'nats://b:4222'], user: 'u', pass: 'p' }],
  ])('%s', (url, expected) => {
    expect(natsServerOptions(url)).toEqual(expected);
  });

  it('never leaves the password in a server address', () => {
    expect(JSON.stringify(natsServerOptions('nats://u:hunter2@a:4222').servers)).not.toContain('hunter2');
  });
});
