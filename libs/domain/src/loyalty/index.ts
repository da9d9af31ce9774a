export * from './points.js';
