export * from './data-model.js';
export * from './periods.js';
export * from './sql-guard.js';
export * from './translate.js';
