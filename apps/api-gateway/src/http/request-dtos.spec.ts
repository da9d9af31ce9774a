import 'reflect-metadata';
import { type ArgumentMetadata } from '@nestjs/common';
import { OptOutBody } from '../ad-sharing/dto/opt-out.body.dto.js';
import {
  ConnectionPath,
  ConnectionTokenBody,
  CreateConnectionBody,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from '../connections/dto/connection.dto.js';
import { CreateLinkTokenBody, CreateLinkTokenHeaders, ListLinkTokensQuery } from '../link-tokens/dto/link-token.dto.js';
import { ListPurchasesQuery } from '../purchases/dto/purchase.dto.js';
import { ListRetailersQuery } from '../retailers/dto/list-retailers.query.dto.js';
import { UpdateRetailerBody } from '../retailers/dto/update-retailer.body.dto.js';
import {
  CreateSimulatedConnectionBody,
  UpdateSimulatedConnectionBody,
} from '../simulator/dto/simulated-connection.dto.js';
import { CreateWebhookBody, ListDeliveriesQuery, UpdateWebhookBody } from '../webhooks/dto/webhook.dto.js';
import { GatewayValidationPipe } from './validation.pipe.js';
import { RequestValidationException, type RequestPart } from './validation-error.js';

const pipe = new GatewayValidationPipe();
const TYPES: Record<RequestPart, ArgumentMetadata['type']> = {
  body: 'body',
  query: 'query',
  path: 'param',
  header: 'custom',
};

async function outcome(metatype: new () => object, input: unknown, part: RequestPart) {
  try {
    return {
      value: await pipe.transform(input, {
        type: TYPES[part],
        metatype,
        data: part === 'header' ? 'request-headers' : undefined,
      }),
    };
  } catch (error) {
    if (!(error instanceof RequestValidationException)) throw error;
    return { errors: error.entries.map((entry) => `${entry.loc.join('.')} ${entry.type}`) };
  }
}

const long = (n: number) => 'x'.repeat(n);

/** The public DTOs keep the contracts' rules they derive from, plus the REST API's own. */
describe('request DTOs', () => {
  const refused: Array<[string, new () => object, unknown, RequestPart, string]> = [
    [
      'connection email too long',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 'walmart', email: `${long(251)}@b.co` },
      'body',
      'body.email string_too_long',
    ],
    [
      'connection email malformed',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 'walmart', email: 'nobody' },
      'body',
      'body.email value_error',
    ],
    [
      'connection mobile too long',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 'walmart', mobile: long(17) },
      'body',
      'body.mobile string_too_long',
    ],
    [
      'connection retailer not a string',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 5 },
      'body',
      'body.retailer_id string_type',
    ],
    [
      'connection retailer not a slug',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 'Wal Mart' },
      'body',
      'body.retailer_id string_pattern_mismatch',
    ],
    [
      'connection customer_id too long',
      CreateConnectionBody,
      { customer_id: long(65), retailer_id: 'walmart' },
      'body',
      'body.customer_id string_too_long',
    ],
    [
      'tag name too long',
      CreateConnectionBody,
      { customer_id: 'c', retailer_id: 'walmart', tags: { [long(65)]: 'v' } },
      'body',
      `body.tags.${long(65)} string_too_long`,
    ],
    [
      'connection path too long',
      ConnectionPath,
      { connection_id: long(65) },
      'path',
      'path.connection_id string_too_long',
    ],
    ['connections limit 0', ListConnectionsQuery, { limit: '0' }, 'query', 'query.limit greater_than_equal'],
    ['connections status revoked', ListConnectionsQuery, { status: 'revoked' }, 'query', 'query.status enum'],
    [
      'connections starting_after with a slash',
      ListConnectionsQuery,
      { starting_after: 'a/b' },
      'query',
      'query.starting_after string_pattern_mismatch',
    ],
    ['empty PATCH', UpdateConnectionBody, {}, 'body', 'body value_error'],
    ['PATCH status active', UpdateConnectionBody, { status: 'active' }, 'body', 'body.status literal_error'],
    ['PATCH mobile too long', UpdateConnectionBody, { mobile: long(17) }, 'body', 'body.mobile string_too_long'],
    ['token scope', ConnectionTokenBody, { scope: 'ACCESS' }, 'body', 'body.scope literal_error'],
    ['purchases limit 1.5', ListPurchasesQuery, { limit: '1.5' }, 'query', 'query.limit int_parsing'],
    ['retailers include', ListRetailersQuery, { include: 'some' }, 'query', 'query.include enum'],
    [
      'retailer audience email',
      UpdateRetailerBody,
      { link_audience: { allowed_emails: ['a@example.com', 'nobody'], allowed_domains: [] } },
      'body',
      'body.link_audience.allowed_emails.1 value_error',
    ],
    [
      'retailer audience not a list',
      UpdateRetailerBody,
      { link_audience: { allowed_emails: 'a@example.com', allowed_domains: [] } },
      'body',
      'body.link_audience.allowed_emails list_type',
    ],
    [
      'retailer audience missing a list',
      UpdateRetailerBody,
      { link_audience: { allowed_emails: [] } },
      'body',
      'body.link_audience.allowed_domains missing',
    ],
    [
      'retailer disabling with settings',
      UpdateRetailerBody,
      { enabled: false, link_visibility: 'everyone' },
      'body',
      'body value_error',
    ],
    [
      'retailer restricted with an empty audience',
      UpdateRetailerBody,
      { link_visibility: 'restricted', link_audience: { allowed_emails: [], allowed_domains: [] } },
      'body',
      'body.link_audience value_error',
    ],
    [
      'link token days 366',
      CreateLinkTokenBody,
      { customer_id: 'c', expires_in_days: 366 },
      'body',
      'body.expires_in_days less_than_equal',
    ],
    [
      'link token mobile too long',
      CreateLinkTokenBody,
      { customer_id: 'c', mobile: long(17) },
      'body',
      'body.mobile string_too_long',
    ],
    [
      'idempotency key too long',
      CreateLinkTokenHeaders,
      { 'x-service-idempotency-key': long(256), host: 'h' },
      'header',
      'header.x-service-idempotency-key string_too_long',
    ],
    ['link tokens without customer', ListLinkTokensQuery, {}, 'query', 'query.customer_id missing'],
    ['opt-out with neither field', OptOutBody, {}, 'body', 'body missing'],
    ['opt-out email too long', OptOutBody, { email: `${long(251)}@b.co` }, 'body', 'body.email string_too_long'],
    [
      'webhook url scheme',
      CreateWebhookBody,
      { url: 'ftp://x.example/a', event_types: ['purchase.created'] },
      'body',
      'body.url url_scheme',
    ],
    [
      'webhook event type',
      CreateWebhookBody,
      { url: 'https://x.example/a', event_types: ['nope'] },
      'body',
      'body.event_types.0 enum',
    ],
    ['webhook no event types', UpdateWebhookBody, { event_types: [] }, 'body', 'body.event_types too_short'],
    ['empty webhook PATCH', UpdateWebhookBody, {}, 'body', 'body value_error'],
    ['deliveries limit', ListDeliveriesQuery, { limit: '101' }, 'query', 'query.limit less_than_equal'],
    [
      'simulated email too long',
      CreateSimulatedConnectionBody,
      { retailer_id: 'walmart', email: long(255) },
      'body',
      'body.email string_too_long',
    ],
    ['simulated status', UpdateSimulatedConnectionBody, { status: 'disconnected' }, 'body', 'body.status enum'],
  ];

  it.each(refused.map(([name, metatype, input, part, expected]) => ({ name, metatype, input, part, expected })))(
    'refuses $name',
    async ({ metatype, input, part, expected }) => {
      expect(await outcome(metatype, input, part)).toEqual({ errors: [expected] });
    },
  );

  it('normalises and defaults what it accepts', async () => {
    expect(await outcome(ListConnectionsQuery, { limit: '5' }, 'query')).toEqual({
      value: expect.objectContaining({ limit: 5 }),
    });
    expect(await outcome(ListPurchasesQuery, {}, 'query')).toEqual({ value: expect.objectContaining({ limit: 10 }) });
    expect(await outcome(ListRetailersQuery, {}, 'query')).toEqual({
      value: expect.objectContaining({ include: 'enabled' }),
    });
    expect(
      await outcome(
        UpdateRetailerBody,
        { link_audience: { allowed_emails: [' VIP@Example.com '], allowed_domains: ['Example.ORG'] } },
        'body',
      ),
    ).toEqual({
      value: expect.objectContaining({
        link_audience: expect.objectContaining({
          allowed_emails: ['vip@example.com'],
          allowed_domains: ['example.org'],
        }),
      }),
    });
    expect(await outcome(OptOutBody, { connection_id: 'c1' }, 'body')).toEqual({
      value: expect.objectContaining({ connection_id: 'c1' }),
    });
  });
});
