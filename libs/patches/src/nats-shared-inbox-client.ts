import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';

type ReplyHandler = (error: Error | null, message: Msg) => unknown;

/**
 * Nest's NATS client with one reply subscription for all requests (`<inbox>.*`, each request answered on
 * `<inbox>.<packet id>`), as nats.js's own `request()` does, instead of Nest's subscribe-publish-unsubscribe per
 * request: two protocol messages and a server-side subscription change less per call (bench/read). The wire
 * format, the packet ids and the reply handling are Nest's; the answering side does not change.
 */
export class SharedInboxClientNats extends ClientNats {
  private readonly pending = new Map<string, ReplyHandler>();
  private inbox?: { client: NatsConnection; prefix: string };

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    this.routingMap.set(packet.id, callback);
    const cleanup = () => {
      this.routingMap.delete(packet.id);
      this.pending.delete(packet.id);
    };
    try {
      const channel = this.normalizePattern(partialPacket.pattern);
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: unknown };
      const { prefix } = this.sharedInbox();
      this.pending.set(packet.id, this.createSubscriptionHandler(packet as never, callback) as ReplyHandler);
      this.natsClient!.publish(channel, serialized.data, {
        reply: `${prefix}.${packet.id}`,
        headers: this.mergeHeaders(serialized.headers) as never,
      });
      return cleanup;
    } catch (error) {
      cleanup();
      callback({ err: error });
      return () => undefined;
    }
  }

  /** The reply subscription of the current connection (a new one after Nest replaced the connection). */
  private sharedInbox() {
    const client = this.natsClient as NatsConnection;
    if (this.inbox?.client !== client) {
      const prefix = createInbox(this.options?.inboxPrefix as string | undefined);
      client.subscribe(`${prefix}.*`, {
        callback: (error, message) => {
          const id = message.subject.slice(prefix.length + 1);
          void this.pending.get(id)?.(error, message);
        },
      });
      this.inbox = { client, prefix };
    }
    return this.inbox;
  }
}
