import { Global, Module } from '@nestjs/common';
import { AuthClient } from './auth.client.js';
import { EventsClient } from './events.client.js';
import { MatchingClient } from './matching.client.js';
import { SyncClient } from './sync.client.js';

/** Typed clients of the services behind the gateway, over the platform's RpcClient. */
@Global()
@Module({
  providers: [SyncClient, EventsClient, MatchingClient, AuthClient],
  exports: [SyncClient, EventsClient, MatchingClient, AuthClient],
})
export class ClientsModule {}
