import './validation-metadata-cache.js';
export * from './contract.js';
export * from './validators.js';
export * from './resources.js';
export * as AuthContracts from './auth.js';
export * as SyncContracts from './sync.js';
export * as MatchingContracts from './matching.js';
export * as EventsContracts from './events.js';
export * from './dead-letters.js';
