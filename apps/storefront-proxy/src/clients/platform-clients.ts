import { Injectable } from '@nestjs/common';
import { AuthContracts, SyncContracts } from '@cps/contracts';
import { rpcClientClass } from '@cps/messaging';

/** auth-server as the storefront proxy asks it: whether a shop's API key is valid, and for which team. */
@Injectable()
export class AuthClient extends rpcClientClass(AuthContracts, ['verifyApiKey']) {}

/** sync-service as the storefront proxy asks it: the team's retailers, the customer's connections, link tokens. */
@Injectable()
export class SyncClient extends rpcClientClass(SyncContracts, [
  'listRetailers',
  'listConnections',
  'getConnection',
  'createConnection',
  'updateConnection',
  'createLinkToken',
]) {}
