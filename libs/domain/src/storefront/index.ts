export * from './app-proxy-signature.js';
export * from './block-visibility.js';
export * from './storefront-link.js';
