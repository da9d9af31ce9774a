export * from './bootstrap.js';
export * from './input-firewall.js';
export * from './platform.module.js';
export * from './outbound/index.js';
export * from './transient-error.filter.js';
export * from './access-tokens.js';
export * from './ttl-cache.js';
