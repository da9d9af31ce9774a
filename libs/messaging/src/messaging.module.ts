import {
  Global,
  Injectable,
  Module,
  type DynamicModule,
  type OnModuleInit,
  type Provider,
  type Type,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { isDeadLetterService } from '@cps/contracts';
import { DeadLetters, deadLettersController } from './dead-letters.js';
import { DiscoverableConsumer } from './event-consumer.js';
import { EventOutbox, SchemaEventOutbox } from './event-outbox.js';
import { InboxConsumerService } from './inbox-consumer.service.js';
import { NatsConnectionService } from './nats-connection.service.js';
import { OutboxRelayService } from './outbox-relay.service.js';
import { createRpcTransport, RpcClient } from './rpc-client.service.js';
import { ensureEventStream } from './stream.js';
import { MessagingRetentionService } from './retention.service.js';
import { MESSAGING_OPTIONS, RPC_TRANSPORT, type MessagingOptions } from './tokens.js';

export interface MessagingModuleOptions {
  options: MessagingOptions;
  /** True for services that write domain events to an outbox. */
  producesEvents?: boolean;
  /**
   * True for services with durable consumers: the providers its feature modules mark `@EventConsumer()` are run,
   * with the inbox retention and, where the service has a context, the dead-letter subjects.
   */
  consumesEvents?: boolean;
}

/** A service that does not say it consumes events refuses to start with consumers it would never run. */
@Injectable()
class UndeclaredConsumers implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found = this.discovery.getProviders({ metadataKey: DiscoverableConsumer.KEY });
    if (found.length > 0) {
      throw new Error(`${found.map((wrapper) => wrapper.name).join(', ')}: event consumers need consumesEvents`);
    }
  }
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot({ options, producesEvents = false, consumesEvents = false }: MessagingModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: MESSAGING_OPTIONS, useValue: options },
      {
        provide: NatsConnectionService,
        inject: [MESSAGING_OPTIONS],
        useFactory: async (opts: MessagingOptions) => {
          const nats = new NatsConnectionService(opts);
          await nats.connect();
          await nats.untilJetStream(`stream ${opts.stream}`, () => ensureEventStream(nats.jsm, opts.stream));
          return nats;
        },
      },
      {
        provide: RPC_TRANSPORT,
        inject: [MESSAGING_OPTIONS],
        useFactory: async (opts: MessagingOptions) => {
          const transport = createRpcTransport(opts);
          await transport.connect();
          return transport;
        },
      },
      RpcClient,
    ];
    if (producesEvents) providers.push(OutboxRelayService, { provide: EventOutbox, useClass: SchemaEventOutbox });
    const controllers: Type<unknown>[] = [];
    if (consumesEvents) {
      providers.push(InboxConsumerService, MessagingRetentionService);
      // Every service with consumers answers `<context>.list-dead-letters.v1` and `.replay-dead-letter.v1`.
      if (isDeadLetterService(options.service)) {
        providers.push(DeadLetters);
        controllers.push(deadLettersController(options.service));
      }
    } else {
      providers.push(UndeclaredConsumers);
    }
    return {
      module: MessagingModule,
      imports: [DiscoveryModule],
      providers,
      controllers,
      exports: [MESSAGING_OPTIONS, NatsConnectionService, RpcClient, ...(producesEvents ? [EventOutbox] : [])],
    };
  }
}
