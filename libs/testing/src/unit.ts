// What unit specs share (`@cps/testing/unit`): light stand-ins with no platform, database or browser behind them.
export * from './unit/fake.js';
export * from './unit/fake-resolver.js';
export * from './unit/purchase-fixtures.js';
