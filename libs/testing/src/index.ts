export * from './browser.js';
export * from './eventually.js';
export * from './free-port.js';
export * from './test-database.js';
export * from './test-platform.js';
export * from './webhook-receiver.js';
// The private nats-server the harness uses, for tests that wire messaging by hand.
export { NatsServerProcess } from '@cps/tools';
export * from './oauth/browserless-flow.js';
export * from './oauth/oauth-fixture.js';
export * from './statement-log.js';
export * from './link-flow.js';
