export * from './bootstrap.js';
export * from './platform.module.js';
