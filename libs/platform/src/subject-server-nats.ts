import { ServerNats } from '@nestjs/microservices';

/**
 * Nest's NATS server for handlers whose patterns are plain subjects (`@MessagePattern('sync.purchases.list.v1')`,
 * every RpcHandler). Nest first tries `JSON.parse` on the subject of every message, for object patterns, and for a
 * subject that throws a SyntaxError (with its stack) per message: about 1% of sync-service's time on the read path
 * (bench/read). Object patterns still go through Nest's parsing.
 */
export class SubjectServerNats extends ServerNats {
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }
}
