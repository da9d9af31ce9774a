import { checkWebhookUrl, destinationAccepts, type DestinationSubscription } from './destination-policy.js';

describe('destinationAccepts', () => {
  const base: DestinationSubscription = {
    isActive: true,
    eventTypes: ['connection.activated', 'purchase.created'],
    receiveSimulatedEvents: false,
  };

  it.each<[Partial<DestinationSubscription>, string, boolean, boolean]>([
    [{}, 'connection.activated', false, true],
    [{}, 'purchase.created', false, true],
    [{}, 'connection.unauthenticated', false, false],
    [{ isActive: false }, 'purchase.created', false, false],
    [{}, 'purchase.created', true, false],
    [{ receiveSimulatedEvents: true }, 'purchase.created', true, true],
    [{ receiveSimulatedEvents: true }, 'purchase.created', false, true],
    [{ receiveSimulatedEvents: true, isActive: false }, 'purchase.created', true, false],
    [{ eventTypes: [] }, 'purchase.created', false, false],
  ])('%j gets %s (simulated %s): %s', (overrides, type, isSimulated, expected) => {
    expect(destinationAccepts({ ...base, ...overrides }, { type, isSimulated })).toBe(expected);
  });
});

describe('checkWebhookUrl', () => {
  it.each<[string, boolean, string | null]>([
    // url, allowHttp, rejection reason (null = accepted)
    ['https://example.com/hooks', false, null],
    ['  https://example.com/hooks  ', false, null],
    ['https://example.com:8443/a?b=c', false, null],
    ['http://example.com/hooks', true, null],
    ['http://127.0.0.1:4000/', true, null],
    ['http://example.com/hooks', false, 'URL must use https'],
    ['ftp://example.com/', true, 'URL must use https or http'],
    ['javascript:alert(1)', true, 'URL must use https or http'],
    ['/relative/path', true, 'URL must be an absolute http(s) URL'],
    ['example.com', true, 'URL must be an absolute http(s) URL'],
    ['', true, 'URL is required'],
    [`https://example.com/${'a'.repeat(2048)}`, false, 'URL must be at most 2048 characters'],
  ])('%j (allowHttp %s) -> %s', (url, allowHttp, reason) => {
    const result = checkWebhookUrl(url, { allowHttp });
    expect(result.ok ? null : result.reason).toBe(reason);
    if (result.ok) expect(result.url).toBe(url.trim());
  });
});
