import { type DynamicModule, Inject, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { GetOwnPartnerApp } from './apps/get-own-partner-app.use-case.js';
import { ListPartnerApps } from './apps/list-partner-apps.use-case.js';
import { PartnerAppsController } from './apps/partner-apps.controller.js';
import { RotatePartnerAppSecret } from './apps/rotate-partner-app-secret.use-case.js';
import { EventsApiChangeHandler, MatchingApiChangeHandler, SyncApiChangeHandler } from './audit/api-change.handler.js';
import { AuditLog } from './audit/audit-log.js';
import { AuditController } from './audit/audit.controller.js';
import { ExportAuditLog } from './audit/export-audit-log.use-case.js';
import { ShowAuditLog } from './audit/show-audit-log.use-case.js';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { SignInLockedHandler } from './audit/sign-in-locked.handler.js';
import { CatalogController } from './catalog/catalog.controller.js';
import { ShowCatalog } from './catalog/show-catalog.use-case.js';
import { UploadCatalog } from './catalog/upload-catalog.use-case.js';
import { DASHBOARD_CONFIG, type DashboardConfig, type loadAppConfig } from './config.js';
import { ConnectionsController } from './connections/connections.controller.js';
import { ExportConnections } from './connections/export-connections.use-case.js';
import { ListConnections } from './connections/list-connections.use-case.js';
import { ShowConnection } from './connections/show-connection.use-case.js';
import { ShowPurchase } from './connections/show-purchase.use-case.js';
import { ConnectorsController } from './connectors/connectors.controller.js';
import { ListConnectors } from './connectors/list-connectors.use-case.js';
import { DevelopersController } from './developers/developers.controller.js';
import { RotateWebhookSecret } from './developers/rotate-webhook-secret.use-case.js';
import { SendTestEvent } from './developers/send-test-event.use-case.js';
import { ShowDevelopers } from './developers/show-developers.use-case.js';
import { ShowWebhook } from './developers/show-webhook.use-case.js';
import { IntegrationsController } from './integrations/integrations.controller.js';
import { ListIntegrations } from './integrations/list-integrations.use-case.js';
import { ShowIntegration } from './integrations/show-integration.use-case.js';
import { OverviewController } from './overview/overview.controller.js';
import { ShowOverview } from './overview/show-overview.use-case.js';
import { RetailersController } from './retailers/retailers.controller.js';
import { ShowRetailers } from './retailers/show-retailers.use-case.js';
import { Sessions } from './session/sessions.js';
import { AccountController } from './session/account.controller.js';
import { InvitationsController } from './session/invitations.controller.js';
import { SignInController } from './session/sign-in.controller.js';
import { SignedIn } from './session/viewer.js';
import { ListTeamShops } from './shops/list-team-shops.use-case.js';
import { ShopsController } from './shops/shops.controller.js';
import { ShowSimulator } from './simulator/show-simulator.use-case.js';
import { SimulatorController } from './simulator/simulator.controller.js';
import { ShowTeam } from './team/show-team.use-case.js';
import { TeamController } from './team/team.controller.js';
import { AssetsController } from './web/assets.controller.js';
import { PageFilter } from './web/page.filter.js';
import { pageHeaders } from './web/page-headers.js';
import { tableExports } from './web/table-csv.js';

@Module({
  controllers: [
    AssetsController,
    SignInController,
    InvitationsController,
    AccountController,
    OverviewController,
    ConnectionsController,
    RetailersController,
    CatalogController,
    IntegrationsController,
    DevelopersController,
    PartnerAppsController,
    ConnectorsController,
    ShopsController,
    SimulatorController,
    TeamController,
    AuditController,
  ],
  providers: [
    { provide: APP_FILTER, useClass: PageFilter },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    AuditLog,
    Sessions,
    SignedIn,
    ListPartnerApps,
    GetOwnPartnerApp,
    RotatePartnerAppSecret,
    ListConnectors,
    ListTeamShops,
    ShowSimulator,
    ShowAuditLog,
    ExportAuditLog,
    ShowCatalog,
    UploadCatalog,
    ShowDevelopers,
    ShowWebhook,
    SendTestEvent,
    RotateWebhookSecret,
    ShowTeam,
    ShowRetailers,
    ListConnections,
    ExportConnections,
    ShowConnection,
    ShowPurchase,
    ListIntegrations,
    ShowIntegration,
    ShowOverview,
    // Lockouts of members' sign-in and changes made through the REST API, into the team's audit log.
    SignInLockedHandler,
    SyncApiChangeHandler,
    MatchingApiChangeHandler,
    EventsApiChangeHandler,
  ],
})
export class AppModule implements NestModule {
  constructor(@Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig) {}

  /** The dashboard for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: ReturnType<typeof loadAppConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [],
      providers: [{ provide: DASHBOARD_CONFIG, useValue: config }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(pageHeaders(new URL(this.config.PUBLIC_BASE_URL).origin), tableExports()).forRoutes('*');
  }
}
