import { Global, Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { isDeadLetterService } from '@cps/contracts';
import { DeadLetters, deadLettersController } from './dead-letters.js';
import { EVENT_HANDLERS, type EventHandlerDefinition } from './event-consumer.js';
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
  /** Classes implementing EventHandlerDefinition; each becomes a durable consumer. */
  eventHandlers?: Array<new (...args: never[]) => EventHandlerDefinition>;
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot({ options, producesEvents = false, eventHandlers = [] }: MessagingModuleOptions): DynamicModule {
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
      ...eventHandlers,
      {
        provide: EVENT_HANDLERS,
        inject: eventHandlers,
        useFactory: (...handlers: EventHandlerDefinition[]) => handlers,
      },
    ];
    if (producesEvents) providers.push(OutboxRelayService, { provide: EventOutbox, useClass: SchemaEventOutbox });
    const controllers: Type<unknown>[] = [];
    if (eventHandlers.length > 0) {
      providers.push(InboxConsumerService, MessagingRetentionService);
      // Every service with consumers answers `<context>.list-dead-letters.v1` and `.replay-dead-letter.v1`.
      if (isDeadLetterService(options.service)) {
        providers.push(DeadLetters);
        controllers.push(deadLettersController(options.service));
      }
    }
    return {
      module: MessagingModule,
      providers,
      controllers,
      exports: [MESSAGING_OPTIONS, NatsConnectionService, RpcClient, ...(producesEvents ? [EventOutbox] : [])],
    };
  }
}
