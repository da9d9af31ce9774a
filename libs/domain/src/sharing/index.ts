export * from './sharing-policy.js';
export * from './history-window-choices.js';
