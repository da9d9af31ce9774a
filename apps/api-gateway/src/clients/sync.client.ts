import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { rpcClientClass } from '@cps/messaging';

/** sync-service as the gateway asks it: one method per request/reply contract (`sync.*.v1`), typed by the contract's classes. */
@Injectable()
export class SyncClient extends rpcClientClass(SyncContracts, [
  'listCatalog',
  'listRetailers',
  'updateRetailer',
  'createConnection',
  'listConnections',
  'getConnection',
  'updateConnection',
  'deleteConnection',
  'listConnectionActivity',
  'listPurchases',
  'getPurchase',
  'createLinkToken',
  'listLinkTokens',
  'revokeLinkToken',
  'createSimulatedConnection',
  'createSimulatedPurchase',
  'updateSimulatedConnection',
  'deleteSimulatedConnection',
  'startLinkSession',
  'getLinkSession',
  'chooseLinkRetailer',
  'submitLinkConsent',
  'submitLinkCredentials',
  'submitLinkCode',
  'cancelLinkSession',
  'retailerOrdersAvailable',
]) {}
