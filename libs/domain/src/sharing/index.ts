export * from './sharing-policy.js';
