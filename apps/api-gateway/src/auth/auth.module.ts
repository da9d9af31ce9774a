import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyRevocationsListener } from './api-key-revocations.listener.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';

@Module({
  providers: [
    {
      provide: ApiKeyCache,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new ApiKeyCache({ ttlMs: config.API_KEY_CACHE_TTL_MS, maxSize: config.API_KEY_CACHE_SIZE }),
    },
    AuthenticateApiKeyUseCase,
    ApiKeyGuard,
    ApiKeyRevocationsListener,
  ],
  exports: [AuthenticateApiKeyUseCase, ApiKeyGuard],
})
export class AuthModule {}
