// Code that relies on a framework's internals, kept here so that an upgrade that breaks one fails its contract test
// (src/*.spec.ts, test/framework-patches.int-spec.ts). README.md lists each with the figure that justifies it.
export * from './pg-preparing-client.js';
export * from './typeorm-pool.js';
export * from './nats-shared-inbox-client.js';
export * from './nest-route-args.js';
