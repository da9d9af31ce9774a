export * from './attempt-outcome.js';
export * from './delivery-state.js';
export * from './destination-policy.js';
export * from './retry-schedule.js';
