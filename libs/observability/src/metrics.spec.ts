import { runInAppScope } from './app-scope.js';
import { ListenStatus } from './listen-status.js';
import { createLogger } from './logger.js';
import { ServiceMetrics } from './metrics.js';

/** Two apps of one process, each built in its own app scope as runServices builds them. */
function twoApps() {
  const build = (service: string) => {
    const listens = new ListenStatus();
    const metrics = runInAppScope(
      { service, logger: createLogger(service, 'silent'), listens },
      () => new ServiceMetrics(service),
    );
    return { metrics, listens };
  };
  return { gateway: build('api-gateway'), sync: build('sync-service') };
}

describe('ServiceMetrics of several apps in one process', () => {
  it("keeps each app's counters to itself and adds the process's metrics once to each", async () => {
    const { gateway, sync } = twoApps();
    gateway.metrics.httpRequests.inc({ method: 'GET', route: '/purchases', status: '200' });
    const [gatewayText, syncText] = await Promise.all([gateway.metrics.scrape(), sync.metrics.scrape()]);

    expect(gatewayText).toContain(
      'http_requests_total{method="GET",route="/purchases",status="200",service="api-gateway"} 1',
    );
    expect(syncText).not.toContain('route="/purchases"');
    for (const text of [gatewayText, syncText]) {
      expect(text.match(/^# TYPE process_cpu_user_seconds_total counter$/gm)).toHaveLength(1);
      expect(text.match(/^# TYPE nodejs_eventloop_lag_seconds gauge$/gm)).toHaveLength(1);
    }
  });

  it('reports the LISTEN sessions of its own app only', async () => {
    const { gateway, sync } = twoApps();
    sync.listens.report({}, 'outbox', false);
    expect(await sync.metrics.scrape()).toContain('pg_listen_connected{channel="outbox",service="sync-service"} 0');
    expect(await gateway.metrics.scrape()).not.toContain('pg_listen_connected{');
  });
});
