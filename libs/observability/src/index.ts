export * from './app-scope.js';
export * from './logger.js';
export * from './metrics.js';
export * from './redaction.js';
export * from './listen-status.js';
