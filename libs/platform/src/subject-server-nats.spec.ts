import { ServerNats } from '@nestjs/microservices';
import { SubjectServerNats } from './subject-server-nats.js';

/** Exposes the route lookup the server does for every message. */
class Probe extends SubjectServerNats {
  routeOf(pattern: string): string {
    return this.getRouteFromPattern(pattern);
  }
}

class NestProbe extends ServerNats {
  routeOf(pattern: string): string {
    return this.getRouteFromPattern(pattern);
  }
}

describe('SubjectServerNats', () => {
  const options = { servers: ['nats://127.0.0.1:4222'] };

  it.each(['sync.purchases.list.v1', 'auth.api-keys.authenticate.v1', '{"cmd":"sum"}', '{"b":1,"a":"x"}'])(
    'routes %s as Nest does',
    (pattern) => {
      expect(new Probe(options).routeOf(pattern)).toBe(new NestProbe(options).routeOf(pattern));
    },
  );
});
