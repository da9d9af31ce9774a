export * from './data-source.js';
export * from './naming.strategy.js';
export * from './secret-box.js';
export * from './password-hash.js';
export * from './transactor.js';
export * from './transient-error.js';
export * from './prepared-statement.js';
export * from './preparing-client.js';
