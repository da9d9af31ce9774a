import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { type AuthServerConfig } from './config.js';
import { AuthErrorFilter } from './oauth/auth-error.filter.js';
import { OAuthModule } from './oauth/oauth.module.js';
import { PeopleModule } from './people/people.module.js';
import { TeamsModule } from './teams/teams.module.js';
import { UsersModule } from './users/users.module.js';

@Module({
  providers: [{ provide: APP_FILTER, useClass: AuthErrorFilter }],
})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: AuthServerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TeamsModule,
        ApiKeysModule,
        UsersModule,
        PeopleModule,
        OAuthModule.register({
          settings: {
            issuer: config.AUTH_ISSUER,
            baseUrl: config.PUBLIC_BASE_URL,
            mcpUrl: config.MCP_PUBLIC_URL,
            outboundAllow: config.OUTBOUND_ALLOW_PRIVATE_HOSTS,
            allowHttpMetadataDocuments: config.NODE_ENV !== 'production',
            signingKeys: config.AUTH_SIGNING_KEYS,
            cookieKeys: config.AUTH_COOKIE_KEYS,
            testClock: config.AUTH_TEST_CLOCK,
          },
          encryptionKey: config.ENCRYPTION_KEY,
        }),
      ],
    };
  }
}
