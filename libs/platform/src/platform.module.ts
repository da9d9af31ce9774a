import {
  Global,
  Inject,
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { isProduction, type ServiceEnv } from '@cps/config';
import { Clock, CryptoRandomness, Randomness, SystemClock } from '@cps/domain';
import { MessagingModule, type MessagingOptions } from '@cps/messaging';
import { createLogger, currentAppScope, ServiceMetrics } from '@cps/observability';
import { schemaDataSourceOptions, Transactor, TypeOrmTransactor, type SchemaDataSourceOptions } from '@cps/persistence';
import { HealthController } from './health.controller.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { MetricsController } from './metrics.controller.js';
import { requestLogging } from './service-logs.js';

const REQUEST_LOGGING = Symbol('REQUEST_LOGGING');

export interface PlatformModuleOptions {
  service: string;
  schema: string;
  config: ServiceEnv;
  migrations: SchemaDataSourceOptions['migrations'];
  /** False for a service that does not use NATS at all (the sandbox retailer). */
  messaging?: boolean;
  producesEvents?: boolean;
  /** True for a service with durable consumers (`@EventConsumer()` providers of its feature modules). */
  consumesEvents?: boolean;
  /** Tables of the service's own whose rows older than RETENTION_DAYS are purged with the messaging tables. */
  retainedTables?: MessagingOptions['retainedTables'];
  /** Names of event handlers the service once had; their durable consumers are deleted at start. */
  retiredConsumers?: MessagingOptions['retiredConsumers'];
  /** The time every module of the service reads; the system clock unless a test-only clock is asked for. */
  clock?: Clock;
}

/**
 * What every service has: config, logs, metrics, health, its Postgres schema, NATS, and the side-effect ports
 * use cases depend on (Clock, Randomness, Transactor), bound here once for every module. Everything here belongs to the
 * app (its request log, metrics registry, LISTEN status), so several apps can share a process (`runServices`).
 */
@Global()
@Module({})
export class PlatformModule implements NestModule {
  constructor(@Inject(REQUEST_LOGGING) private readonly logRequests: ReturnType<typeof requestLogging>) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.logRequests).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }

  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { config, service, schema } = options;
    const metrics = new ServiceMetrics(service);
    // The app's logger when the app is started in its scope (runService); a logger of its own otherwise (tests).
    const logger = currentAppScope()?.logger ?? createLogger(service, config.LOG_LEVEL);
    return {
      module: PlatformModule,
      imports: [
        TerminusModule.forRoot({ logger: false }),
        TypeOrmModule.forRoot({
          ...schemaDataSourceOptions({
            url: config.DATABASE_URL,
            schema,
            entities: [],
            migrations: options.migrations,
            poolSize: config.DATABASE_POOL_SIZE,
            applicationName: service,
          }),
          // Each feature module registers its own entities (TypeOrmModule.forFeature).
          autoLoadEntities: true,
        }),
        ...(options.messaging === false
          ? []
          : [
              MessagingModule.forRoot({
                options: {
                  service,
                  schema,
                  natsUrl: config.NATS_URL,
                  stream: config.EVENTS_STREAM,
                  requestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
                  redeliveryBackoffMs: config.EVENT_REDELIVERY_BACKOFF_MS,
                  ackWaitMs: config.EVENT_ACK_WAIT_MS,
                  retentionDays: config.RETENTION_DAYS,
                  retainedTables: options.retainedTables,
                  retiredConsumers: options.retiredConsumers,
                  checkReplies: config.RPC_CHECK_REPLIES ?? defaultReplyCheck(config.NODE_ENV),
                },
                producesEvents: options.producesEvents,
                consumesEvents: options.consumesEvents,
              }),
            ]),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: ServiceMetrics, useValue: metrics },
        { provide: REQUEST_LOGGING, useValue: requestLogging(service, logger) },
        { provide: APP_INTERCEPTOR, useClass: HttpMetricsInterceptor },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: Randomness, useClass: CryptoRandomness },
        { provide: Transactor, useClass: TypeOrmTransactor },
      ],
      exports: [ServiceMetrics, Clock, Randomness, Transactor],
    };
  }
}

/**
 * Replies checked against their contracts unless RPC_CHECK_REPLIES says otherwise: every one in test, where the
 * suites catch contract bugs; a sample of each subject in development, where `npm start` serves a person who may
 * load it (checking every page of purchases is a large share of sync-service's time, bench/read README); none in production.
 */
function defaultReplyCheck(nodeEnv: string): boolean | 'sampled' {
  if (isProduction(nodeEnv)) return false;
  return nodeEnv === 'test' ? true : 'sampled';
}

/** Provides a service's configuration, read when it starts, under `token` to every module of the app. */
@Module({})
export class ServiceConfigModule {
  static register(token: symbol, config: object): DynamicModule {
    return {
      module: ServiceConfigModule,
      global: true,
      providers: [{ provide: token, useValue: config }],
      exports: [token],
    };
  }
}
