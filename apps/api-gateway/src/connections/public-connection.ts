// The Connection resource of the REST API (seed: "Connection") is the one the `connection.*` webhooks carry:
// one mapping, in @cps/contracts (internal `revoked` is `disconnected` to the brand).
export { publicConnection as toPublicConnection, type PublicConnection } from '@cps/contracts';
