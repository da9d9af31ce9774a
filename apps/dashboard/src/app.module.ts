import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PlatformModule } from '@cps/platform';
import { PartnerAppsController } from './apps/partner-apps.controller.js';
import { CatalogController } from './catalog/catalog.controller.js';
import { config, DASHBOARD_CONFIG } from './config.js';
import { ConnectionsController } from './connections/connections.controller.js';
import { ConnectorsController } from './connectors/connectors.controller.js';
import { DevelopersController } from './developers/developers.controller.js';
import { IntegrationsController } from './integrations/integrations.controller.js';
import { migrations } from './migrations/index.js';
import { OverviewController } from './overview/overview.controller.js';
import { RetailersController } from './retailers/retailers.controller.js';
import { Sessions } from './session/sessions.js';
import { SignInController } from './session/sign-in.controller.js';
import { SignedIn } from './session/viewer.js';
import { ShopsController } from './shops/shops.controller.js';
import { SimulatorController } from './simulator/simulator.controller.js';
import { TeamController } from './team/team.controller.js';
import { AssetsController } from './web/assets.controller.js';
import { PageFilter } from './web/page.filter.js';
import { pageHeaders } from './web/page-headers.js';

@Module({
  imports: [PlatformModule.forRoot({ service: 'dashboard', schema: 'dashboard', config, entities: [], migrations })],
  controllers: [
    AssetsController,
    SignInController,
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
  ],
  providers: [
    { provide: DASHBOARD_CONFIG, useValue: config },
    { provide: APP_FILTER, useClass: PageFilter },
    Sessions,
    SignedIn,
  ],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(pageHeaders(new URL(config.PUBLIC_BASE_URL).origin)).forRoutes('*');
  }
}
