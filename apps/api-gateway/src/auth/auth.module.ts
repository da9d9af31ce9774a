import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NatsConnectionService } from '@cps/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { RATE_LIMITER, RateLimitGate, SIGNER_RATE_LIMITER } from '../rate-limit/rate-limit.gate.js';
import { DataSource } from 'typeorm';
import { SharedTokenBuckets } from '../rate-limit/shared-token-buckets.js';
import { LocalTeamBuckets, TeamBuckets } from '../rate-limit/team-buckets.js';
import { TeamRateLimits } from '../rate-limit/team-rate-limits.js';
import { TokenBucketLimiter } from '../rate-limit/token-bucket-limiter.js';
import { AccessGuard } from './access.guard.js';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeyRevocationsListener } from './api-key-revocations.listener.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';
import { AuthenticateRequestUseCase } from './authenticate-request.use-case.js';
import { ConnectionTokens } from './connection-tokens.js';
import { ConnectorRevocationsFeed } from './connector-revocations.feed.js';
import { OAuthTokens } from './oauth-tokens.js';
import { orderedFeedProvider } from './ordered-feed.provider.js';

/** Credentials (API keys, connection tokens, OAuth access tokens), rate limits and the global AccessGuard. */
@Module({
  providers: [
    {
      provide: ApiKeyCache,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new ApiKeyCache({ ttlMs: config.API_KEY_CACHE_TTL_MS, maxSize: config.API_KEY_CACHE_SIZE }),
    },
    {
      provide: ConnectionTokens,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new ConnectionTokens({
          privateKeyPem: config.CONNECTION_TOKEN_PRIVATE_KEY,
          baseUrl: config.PUBLIC_BASE_URL,
          ttlSeconds: config.CONNECTION_TOKEN_TTL_SECONDS,
        }),
    },
    {
      provide: ConnectorRevocationsFeed,
      inject: [NatsConnectionService, GATEWAY_CONFIG],
      useFactory: (nats: NatsConnectionService, config: GatewayConfig) => new ConnectorRevocationsFeed(nats, config),
    },
    {
      provide: OAuthTokens,
      inject: [GATEWAY_CONFIG, ConnectorRevocationsFeed],
      useFactory: (config: GatewayConfig, revocations: ConnectorRevocationsFeed) =>
        new OAuthTokens({
          issuer: config.AUTH_ISSUER,
          audience: config.PUBLIC_BASE_URL,
          jwksUrl: config.AUTH_JWKS_URL,
          isRevoked: (clientId, teamId, issuedAt) => revocations.isRevoked(clientId, teamId, issuedAt),
        }),
    },
    {
      provide: RATE_LIMITER,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new TokenBucketLimiter({
          perMinute: config.RATE_LIMIT_PER_MINUTE,
          burst: config.RATE_LIMIT_BURST,
          maxClients: 100_000,
        }),
    },
    {
      provide: SIGNER_RATE_LIMITER,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new TokenBucketLimiter({
          perMinute: config.RETAILER_PUSH_RATE_LIMIT_PER_MINUTE,
          burst: Math.max(1, Math.ceil(config.RETAILER_PUSH_RATE_LIMIT_PER_MINUTE / 6)),
          maxClients: 1_000,
        }),
    },
    {
      provide: TeamBuckets,
      inject: [GATEWAY_CONFIG, DataSource],
      useFactory: (config: GatewayConfig, dataSource: DataSource) =>
        config.RATE_LIMIT_STORE === 'memory' ? new LocalTeamBuckets() : new SharedTokenBuckets(dataSource),
    },
    TeamRateLimits,
    RateLimitGate,
    AuthenticateApiKeyUseCase,
    AuthenticateRequestUseCase,
    orderedFeedProvider(ApiKeyRevocationsListener, ApiKeyCache),
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [ConnectionTokens, RateLimitGate],
})
export class AuthModule {}
