// What tests (libs/testing) use from the tools: the process launcher and the admin client.
export * from './admin/src/admin-client.js';
export * from './launcher/src/infrastructure.js';
export * from './launcher/src/platform.js';
export * from './launcher/src/service-process.js';
export * from './launcher/src/services.js';
