import { parseReplicas } from './replicas.js';

describe('parseReplicas', () => {
  it('gives every scalable service N with --replicas N, never the sandbox retailer', () => {
    const replicas = parseReplicas(['--replicas', '2'], {});
    expect(replicas['api-gateway']).toBe(2);
    expect(replicas['events-service']).toBe(2);
    expect(replicas['sandbox-retailer']).toBeUndefined();
    expect(parseReplicas(['--replicas=3'], {})['sync-service']).toBe(3);
  });

  it('reads CPS_REPLICAS per service, over --replicas', () => {
    expect(parseReplicas(['--replicas', '2'], { CPS_REPLICAS: 'api-gateway=3, sync-service=1' })).toMatchObject({
      'api-gateway': 3,
      'sync-service': 1,
      'events-service': 2,
    });
    expect(parseReplicas([], {})).toEqual({});
  });

  it.each([
    [['--replicas', '0'], {}],
    [['--replicas'], {}],
    [[], { CPS_REPLICAS: 'nope=2' }],
    [[], { CPS_REPLICAS: 'sandbox-retailer=2' }],
    [[], { CPS_REPLICAS: 'api-gateway=two' }],
  ])('refuses %j %j', (argv, env) => {
    expect(() => parseReplicas(argv, env)).toThrow();
  });
});
