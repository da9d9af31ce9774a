import {
  ContractViolation,
  Envelope,
  RpcErrorBody,
  publicConnection,
  toEnvelope,
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type Connection,
  type MessageClass,
} from './index.js';
import * as AuthContracts from './auth.js';
import * as EventsContracts from './events.js';
import * as MatchingContracts from './matching.js';
import * as SyncContracts from './sync.js';

const connection: Connection = {
  connection_id: 'con_1',
  customer_id: 'cus_1',
  retailer_id: 'walmart',
  status: 'revoked',
  email: null,
  mobile: '+15550100',
  tags: { tier: 'gold' },
  is_simulated: false,
  created_at: '2026-01-02T03:04:05.000Z',
};

const purchase = {
  purchase_id: 'pur_1',
  connection_id: 'con_1',
  retailer_id: 'walmart',
  date: '2026-01-02T03:04:05Z',
  purchase_type: 'online',
  currency: 'USD',
  items_subtotal: '10.00',
  discounts: '-1.00',
  shipping: '0.00',
  fees: '0.00',
  tax: '0.90',
  total: '9.90',
  item_count: 1,
  is_simulated: false,
  items: [
    {
      item_id: 'itm_1',
      name: 'Oats',
      brand: null,
      upc: null,
      sku: 'A1',
      price: '10.00',
      quantity: 1,
      product: { product_id: 'p1', name: 'Oats', brand: 'Acme', upc: null },
    },
  ],
};

const actor = { source: 'API', idType: 'client_api_key', idName: 'backend' };

type Case = [name: string, cls: MessageClass, message: Record<string, unknown>];

describe('contracts: valid messages pass unchanged', () => {
  const cases: Case[] = [
    ['Connection', SyncContracts.getConnection.response, { ...connection }],
    ['PurchaseDetail', SyncContracts.getPurchase.response, purchase],
    ['purchase.matched', MatchingContracts.purchaseMatched.data, { purchase }],
    [
      'verify-api-key valid',
      AuthContracts.verifyApiKey.response,
      { valid: true, keyId: 'k', teamId: 't', keyName: 'n' },
    ],
    ['verify-api-key invalid', AuthContracts.verifyApiKey.response, { valid: false }],
    ['list-catalog request without fields', SyncContracts.listCatalog.request, {}],
    [
      'installation activated (inherited fields)',
      AuthContracts.installationActivated.data,
      { installationId: 'i', clientId: 'c', teamId: 't', webhookUrl: null, scope: 's', previousStatus: null },
    ],
    [
      'link_url entry',
      SyncContracts.startLinkSession.request,
      { entry: { kind: 'link_url', linkId: 'walmart' }, redirectUrl: null },
    ],
    [
      'link_token entry',
      SyncContracts.startLinkSession.request,
      { entry: { kind: 'link_token', linkToken: 'lt_v1_x', connectionId: 'con_1' }, redirectUrl: 'https://a.b' },
    ],
    [
      'connection.activated webhook body',
      EventsContracts.ConnectionActivatedWebhook,
      {
        id: 'evt_1',
        type: 'connection.activated',
        timestamp: '2026-01-02T03:04:05.000Z',
        is_simulated: false,
        data: { connection: publicConnection(connection), first_activation: true },
      },
    ],
    ['refusal', RpcErrorBody, { status: 404, detail: 'Connection not found' }],
    [
      'envelope',
      Envelope,
      { id: 'e', subject: 's', occurredAt: '2026-01-02T03:04:05Z', correlationId: 'c', data: { any: ['thing'] } },
    ],
  ];

  it.each(cases)('%s', (_name, cls, message) => {
    const instance = toMessage(cls, message);
    expect(instance).toBeInstanceOf(cls);
    expect(JSON.parse(JSON.stringify(instance))).toEqual(message);
  });

  it('puts fields in the order their classes declare them, nested and inherited ones too', () => {
    const shuffled = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).reverse());
    const jsonbLike = shuffled({ ...purchase, items: purchase.items.map(shuffled) });
    expect(JSON.stringify(toMessage(SyncContracts.getPurchase.response, jsonbLike))).toBe(JSON.stringify(purchase));

    const created = toMessage(EventsContracts.createWebhook.response, {
      secret: 'whsec_x',
      created_at: '2026-01-02T03:04:05Z',
      receive_simulated_events: false,
      is_active: true,
      event_types: ['purchase.created'],
      url: 'https://a.b',
      name: 'n',
      webhook_id: 'w',
    });
    expect(Object.keys(created)).toEqual([
      'webhook_id',
      'name',
      'url',
      'event_types',
      'is_active',
      'receive_simulated_events',
      'created_at',
      'secret',
    ]);
  });

  it('reads a link entry as the class its kind names', () => {
    const request = toMessage(SyncContracts.startLinkSession.request, {
      entry: { kind: 'link_url', linkId: 'walmart' },
      redirectUrl: null,
    });
    expect(request.entry).toBeInstanceOf(SyncContracts.LinkUrlEntry);
  });
});

describe('contracts: defaults', () => {
  const cases: Array<[string, MessageClass, Record<string, unknown>, Record<string, unknown>]> = [
    ['list-connections limit', SyncContracts.listConnections.request, { teamId: 't' }, { limit: 50 }],
    ['list-purchases limit', SyncContracts.listPurchases.request, { teamId: 't', connectionId: 'c' }, { limit: 10 }],
    [
      'create-simulated-connection include_purchases',
      SyncContracts.createSimulatedConnection.request,
      { teamId: 't', actor, retailer_id: 'walmart' },
      { include_purchases: true },
    ],
    [
      'create-link-token expires_in_days',
      SyncContracts.createLinkToken.request,
      { teamId: 't', customer_id: 'c' },
      { expires_in_days: 30 },
    ],
    [
      'create-webhook flags',
      EventsContracts.createWebhook.request,
      { teamId: 't', url: 'https://a.b', event_types: ['purchase.created'] },
      { is_active: true, receive_simulated_events: false },
    ],
    ['a given value wins', SyncContracts.listConnections.request, { teamId: 't', limit: 7 }, { limit: 7 }],
    ['names are trimmed', AuthContracts.createTeam.request, { name: '  Acme  ' }, { name: 'Acme' }],
  ];

  it.each(cases)('%s', (_name, cls, message, expected) => {
    expect(toMessage(cls, message)).toMatchObject(expected);
  });
});

describe('contracts: refusals name the failing field', () => {
  const cases: Array<[string, MessageClass, unknown, RegExp]> = [
    ['unknown field', SyncContracts.getConnection.request, { teamId: 't', connectionId: 'c', extra: 1 }, /extra/],
    ['unknown field in an empty request', SyncContracts.listCatalog.request, { teamId: 't' }, /teamId/],
    ['missing field', SyncContracts.getConnection.request, { teamId: 't' }, /connectionId/],
    ['missing nested message', SyncContracts.connectionActivated.data, { firstActivation: true }, /connection/],
    [
      'nullable nested message missing',
      SyncContracts.getPurchase.response,
      { ...purchase, items: [{ ...purchase.items[0], product: undefined }] },
      /items\.0\.product/,
    ],
    [
      'nested message of the wrong type',
      SyncContracts.connectionActivated.data,
      { connection: 'c', firstActivation: true },
      /connection/,
    ],
    [
      'optional field given as null',
      SyncContracts.listConnections.request,
      { teamId: 't', customer_id: null },
      /customer_id/,
    ],
    ['not an object', SyncContracts.getConnection.request, 'x', /must be an object/],
    ['array', SyncContracts.getConnection.request, [], /must be an object/],
    ['wrong enum', SyncContracts.listConnections.request, { teamId: 't', status: 'revoked' }, /status/],
    ['limit above the range', SyncContracts.listConnections.request, { teamId: 't', limit: 101 }, /limit/],
    ['limit not an integer', SyncContracts.listConnections.request, { teamId: 't', limit: 1.5 }, /limit/],
    ['default refuses null', SyncContracts.listConnections.request, { teamId: 't', limit: null }, /limit/],
    ['nullable field missing', SyncContracts.getConnection.response, { ...connection, email: undefined }, /email/],
    ['money format', SyncContracts.getPurchase.response, { ...purchase, total: '9.9' }, /total/],
    ['datetime', SyncContracts.getConnection.response, { ...connection, created_at: 'yesterday' }, /created_at/],
    [
      'nested error carries its path',
      SyncContracts.getPurchase.response,
      { ...purchase, items: [{ ...purchase.items[0], quantity: 0 }] },
      /items\.0\.quantity/,
    ],
    [
      'unknown field in a nested object',
      SyncContracts.createConnection.request,
      { teamId: 't', actor: { ...actor, extra: 1 }, customer_id: 'c', retailer_id: 'r' },
      /actor\.extra/,
    ],
    ['empty array', EventsContracts.createWebhook.request, { teamId: 't', url: 'u', event_types: [] }, /event_types/],
    ['array item', EventsContracts.createWebhook.request, { teamId: 't', url: 'u', event_types: ['x'] }, /event_types/],
    [
      'not an array',
      SyncContracts.simulatedDataPurged.data,
      { cutoff: '2026-01-01T00:00:00Z', connectionIds: 'a', purchaseIds: [] },
      /connectionIds/,
    ],
    ['blank after trimming', AuthContracts.createTeam.request, { name: '   ' }, /name/],
    ['email', AuthContracts.createUser.request, { email: 'nope', password: '12345678', teamIds: ['t'] }, /email/],
    ['valid verdict without ids', AuthContracts.verifyApiKey.response, { valid: true }, /keyId/],
    ['literal', SyncContracts.deleteConnection.response, { connection_id: 'c', deleted: false }, /deleted/],
    [
      'unknown link entry kind',
      SyncContracts.startLinkSession.request,
      { entry: { kind: 'other', linkToken: 'x' }, redirectUrl: null },
      /entry\.kind/,
    ],
    [
      'link entry fields of the other kind',
      SyncContracts.startLinkSession.request,
      { entry: { kind: 'link_url', linkToken: 'x' }, redirectUrl: null },
      /entry\.(linkToken|linkId)/,
    ],
    ['refusal status', RpcErrorBody, { status: 200, detail: 'x' }, /status/],
  ];

  it.each(cases)('%s', (_name, cls, message, reason) => {
    expect(() => toMessage(cls, message)).toThrow(ContractViolation);
    expect(() => toMessage(cls, message)).toThrow(reason);
  });

  it('drops unknown fields instead when read tolerantly (replies, consumed events)', () => {
    const read = toMessage(
      SyncContracts.getConnection.request,
      { teamId: 't', connectionId: 'c', extra: 1 },
      TOLERANT_VALIDATOR_OPTIONS,
    );
    expect(JSON.parse(JSON.stringify(read))).toEqual({ teamId: 't', connectionId: 'c' });
  });
});

describe('toEnvelope', () => {
  const head = { id: 'e', subject: 's', occurredAt: '2026-01-02T03:04:05Z', correlationId: 'c' };

  it('checks the envelope and hands its data on as it arrived, for the event class to check', () => {
    const data = { purchase: { purchase_id: 'pur_1' } };
    const envelope = toEnvelope({ ...head, unknown: 1, data });
    expect(envelope).toBeInstanceOf(Envelope);
    expect(envelope.data).toBe(data);
    expect(JSON.stringify(envelope)).toBe(JSON.stringify({ ...head, data }));
  });

  it.each([
    ['a bad field', { ...head, occurredAt: 'yesterday', data: {} }, 'occurredAt'],
    ['not an object', 'text', '(message)'],
    ['an array', [head], '(message)'],
  ])('refuses %s', (_name, raw, field) => {
    expect(() => toEnvelope(raw)).toThrow(ContractViolation);
    expect(() => toEnvelope(raw)).toThrow(field);
  });
});

describe('contracts: tags', () => {
  const request = (tags: unknown) => ({ teamId: 't', actor, customer_id: 'c', retailer_id: 'r', tags });
  const tenTags = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']));
  const cases: Array<[string, unknown, boolean]> = [
    ['ten tags', tenTags, true],
    ['eleven tags', { ...tenTags, k10: 'v' }, false],
    ['key of 64 characters', { ['k'.repeat(64)]: 'v' }, true],
    ['key of 65 characters', { ['k'.repeat(65)]: 'v' }, false],
    ['empty key', { '': 'v' }, false],
    ['value of 256 characters', { k: 'v'.repeat(256) }, true],
    ['value of 257 characters', { k: 'v'.repeat(257) }, false],
    ['empty value', { k: '' }, true],
    ['non-string value', { k: 1 }, false],
    ['array', ['a'], false],
    ['null', null, false],
  ];

  it.each(cases)('%s', (_name, tags, valid) => {
    const check = () => toMessage(SyncContracts.createConnection.request, request(tags));
    if (valid) expect(check().tags).toEqual(tags);
    else expect(check).toThrow(/tags/);
  });
});

describe('publicConnection', () => {
  it.each([
    ['revoked', 'disconnected'],
    ['disconnected', 'disconnected'],
    ['active', 'active'],
    ['initialized', 'initialized'],
    ['unauthenticated', 'unauthenticated'],
  ] as const)('shows %s as %s', (stored, shown) => {
    expect(publicConnection({ ...connection, status: stored }).status).toBe(shown);
  });

  it('shows only the public fields, in the documented order', () => {
    expect(Object.keys(publicConnection(connection))).toEqual([
      'connection_id',
      'customer_id',
      'retailer_id',
      'status',
      'email',
      'mobile',
      'tags',
    ]);
  });
});
