import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnModuleDestroy,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { SecretBox } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import Provider from 'oidc-provider';
import { DataSource } from 'typeorm';
import { TeamsModule } from '../teams/teams.module.js';
import { UserRepository } from '../users/user.repository.js';
import { UsersModule } from '../users/users.module.js';
import { TestClockController } from './clock/test-clock.controller.js';
import { ConnectorClientRepository } from './connectors/connector-client.repository.js';
import { ConnectorGrantRepository } from './connectors/connector-grant.repository.js';
import { ConnectorsHandler } from './connectors/connectors.handler.js';
import { DisconnectConnectorUseCase } from './connectors/disconnect-connector.use-case.js';
import { ConnectorTokenIssuer } from './connectors/connector-token-issuer.js';
import { ExchangeConnectorCodeUseCase } from './connectors/exchange-connector-code.use-case.js';
import { RefreshConnectorTokenUseCase } from './connectors/refresh-connector-token.use-case.js';
import { RevokeConnectorTokenUseCase } from './connectors/revoke-connector-token.use-case.js';
import { MetadataDocuments } from './connectors/metadata-documents.js';
import { RegistrationController } from './connectors/registration.controller.js';
import { DisconnectInstallationUseCase } from './installations/disconnect-installation.use-case.js';
import { InstallationRepository } from './installations/installation.repository.js';
import { ChooseGrantTeamUseCase } from './interactions/choose-grant-team.use-case.js';
import { DescribeInteractionUseCase } from './interactions/describe-interaction.use-case.js';
import { GrantConsentUseCase } from './interactions/grant-consent.use-case.js';
import { GrantTeamRepository } from './interactions/grant-team.repository.js';
import { InteractionScopes } from './interactions/interaction-scopes.js';
import { InteractionsController } from './interactions/interactions.controller.js';
import { SignInInteractionUseCase } from './interactions/sign-in-interaction.use-case.js';
import { MetadataController } from './metadata/metadata.controller.js';
import { OAuthSettings } from './oauth-settings.js';
import { ClientAuthenticator } from './partner-apps/client-authenticator.js';
import { CreatePartnerAppUseCase } from './partner-apps/create-partner-app.use-case.js';
import { RotatePartnerAppWebhookSecretUseCase } from './partner-apps/rotate-partner-app-webhook-secret.use-case.js';
import { GetPartnerAppWebhookUseCase } from './partner-apps/get-partner-app-webhook.use-case.js';
import { PartnerAppRepository } from './partner-apps/partner-app.repository.js';
import { PartnerAppsHandler } from './partner-apps/partner-apps.handler.js';
import { TeamListingsHandler } from './partner-apps/team-listings.handler.js';
import { RotatePartnerAppSecretUseCase } from './partner-apps/rotate-partner-app-secret.use-case.js';
import { UpdatePartnerAppUseCase } from './partner-apps/update-partner-app.use-case.js';
import { AuthorizeRoutesMiddleware } from './provider/authorize-routes.js';
import { createOidcProvider } from './provider/oidc-provider.factory.js';
import { purgeExpiredModels } from './provider/postgres-adapter.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { AuthorizationCodeRepository } from './tokens/authorization-code.repository.js';
import { ExchangeAuthorizationCodeUseCase } from './tokens/exchange-authorization-code.use-case.js';
import { RefreshTokensUseCase } from './tokens/refresh-tokens.use-case.js';
import { RefreshTokenRepository } from './tokens/refresh-token.repository.js';
import { RevokeTokenUseCase } from './tokens/revoke-token.use-case.js';
import { TokensController } from './tokens/tokens.controller.js';

export interface OAuthModuleOptions {
  settings: OAuthSettings;
  /** Key of the SecretBox sealing webhook secrets and retryable refresh-token replacements. */
  encryptionKey: string;
}

/** Expired oidc-provider rows (sessions, interactions, codes) are deleted this often. */
const PURGE_INTERVAL_MS = 15 * 60_000;

/** The partner OAuth 2.1 authorization server: oidc-provider for the browser flow, our endpoints for tokens. */
@Module({})
export class OAuthModule implements NestModule, OnModuleDestroy {
  private purge?: NodeJS.Timeout;

  constructor(dataSource: DataSource, clock: Clock, connectors: ConnectorClientRepository) {
    this.purge = setInterval(() => {
      void purgeExpiredModels(dataSource, clock.now()).catch(() => undefined);
      void connectors.purgeUnused(clock.now()).catch(() => undefined);
    }, PURGE_INTERVAL_MS);
    this.purge.unref();
  }

  static register({ settings, encryptionKey }: OAuthModuleOptions): DynamicModule {
    return {
      module: OAuthModule,
      imports: [TeamsModule, UsersModule],
      controllers: [
        TokensController,
        InteractionsController,
        MetadataController,
        RegistrationController,
        PartnerAppsHandler,
        TeamListingsHandler,
        ConnectorsHandler,
        ...(settings.testClock ? [TestClockController] : []),
      ],
      providers: [
        { provide: OAuthSettings, useValue: settings },
        { provide: SecretBox, useValue: new SecretBox(encryptionKey) },
        { provide: OutboundGuard, useValue: new OutboundGuard({ allow: settings.outboundAllow }) },
        {
          provide: AccessTokens,
          inject: [Clock],
          useFactory: (clock: Clock) =>
            new AccessTokens(settings.signingKeys, settings.issuer, settings.baseUrl, clock),
        },
        {
          provide: Provider,
          inject: [getDataSourceToken(), Clock, PartnerAppRepository, ConnectorClientRepository, UserRepository],
          useFactory: (
            dataSource: DataSource,
            clock: Clock,
            apps: PartnerAppRepository,
            connectors: ConnectorClientRepository,
            users: UserRepository,
          ) => createOidcProvider({ settings, dataSource, clock, apps, connectors, users }),
        },
        PartnerAppRepository,
        ConnectorClientRepository,
        ConnectorGrantRepository,
        ConnectorTokenIssuer,
        ExchangeConnectorCodeUseCase,
        RefreshConnectorTokenUseCase,
        RevokeConnectorTokenUseCase,
        DisconnectConnectorUseCase,
        MetadataDocuments,
        InstallationRepository,
        RefreshTokenRepository,
        AuthorizationCodeRepository,
        GrantTeamRepository,
        InteractionScopes,
        DescribeInteractionUseCase,
        ChooseGrantTeamUseCase,
        SignInInteractionUseCase,
        GrantConsentUseCase,
        ClientAuthenticator,
        CreatePartnerAppUseCase,
        RotatePartnerAppSecretUseCase,
        UpdatePartnerAppUseCase,
        GetPartnerAppWebhookUseCase,
        RotatePartnerAppWebhookSecretUseCase,
        DisconnectInstallationUseCase,
        ExchangeAuthorizationCodeUseCase,
        RefreshTokensUseCase,
        RevokeTokenUseCase,
        AuthorizeRoutesMiddleware,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuthorizeRoutesMiddleware).forRoutes('{*path}');
  }

  onModuleDestroy(): void {
    clearInterval(this.purge);
  }
}
