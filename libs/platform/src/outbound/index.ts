export { canonicalAddress, embeddedIpv4, forbiddenAddressCategory, METADATA_HOSTNAMES } from './forbidden-addresses.js';
export { DEVELOPMENT_OUTBOUND_ALLOWLIST, OutboundAllowlist, parseOutboundAllowlist } from './outbound-allowlist.js';
export {
  OutboundGuard,
  systemResolver,
  type HostResolver,
  type OutboundGuardOptions,
  type OutboundVerdict,
  type ResolvedAddress,
} from './outbound-guard.js';
export {
  OutboundHttpClient,
  OutboundRefusedError,
  pinnedLookup,
  type OutboundRequest,
  type OutboundResponse,
} from './outbound-http-client.js';
