import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { DEVELOPMENT_OUTBOUND_ALLOWLIST, OutboundGuard } from '@cps/platform';
import { type Clock } from '@cps/domain';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { type WebhookDestinationEntity } from './webhook-destination.entity.js';
import { type WebhookDestinationRepository } from './webhook-destination.repository.js';
import { fake, inlineTransactor, resolveForSpecs } from '@cps/testing/unit';

const box = new SecretBox(Buffer.alloc(32, 1).toString('base64'));
const clock: Clock = { now: () => new Date('2025-01-01T00:00:00.000Z') };

function setup(allowHttp: boolean, allow: readonly string[] = DEVELOPMENT_OUTBOUND_ALLOWLIST) {
  const rows: WebhookDestinationEntity[] = [];
  const repository = fake<WebhookDestinationRepository>({
    create: (_tx: unknown, row: WebhookDestinationEntity) => {
      rows.push(row);
      return Promise.resolve();
    },
  });
  return {
    rows,
    useCase: new CreateWebhookUseCase(
      repository,
      inlineTransactor,
      box,
      { allowHttp },
      clock,
      new OutboundGuard({ allow, resolve: resolveForSpecs }),
    ),
  };
}

describe('CreateWebhookUseCase', () => {
  it('returns a whsec_ secret once and stores only its sealed form', async () => {
    const { rows, useCase } = setup(false);
    const webhook = await useCase.execute({
      teamId: 'team-1',
      name: ' Orders ',
      url: 'https://example.com/hooks',
      event_types: ['purchase.created', 'purchase.created'],
    });
    expect(webhook).toMatchObject({
      name: 'Orders',
      url: 'https://example.com/hooks',
      event_types: ['purchase.created'],
      is_active: true,
      receive_simulated_events: false,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(webhook.webhook_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(24);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(webhook.secret.slice(6));
    expect(box.open(row.secretSealed)).toBe(webhook.secret);
    expect(row.teamId).toBe('team-1');
  });

  it.each([
    [false, 'http://example.com/hooks', 'URL must use https'],
    [true, 'ftp://example.com/hooks', 'URL must use https or http'],
    [true, 'not a url', 'URL must be an absolute http(s) URL'],
  ])('with allowHttp=%s refuses %s with a 422 on body.url', async (allowHttp, url, msg) => {
    const { rows, useCase } = setup(allowHttp);
    const refusal = await useCase.execute({ teamId: 't', url, event_types: ['purchase.created'] }).catch((e) => e);
    expect(refusal).toBeInstanceOf(RpcRefusal);
    expect((refusal as RpcRefusal).getError()).toEqual({
      status: 422,
      detail: [{ loc: ['body', 'url'], msg, type: 'value_error', input: url }],
    });
    expect(rows).toEqual([]);
  });

  it('accepts http when allowed', async () => {
    const { useCase } = setup(true);
    await expect(
      useCase.execute({ teamId: 't', url: 'http://127.0.0.1:4000/hook', event_types: ['connection.activated'] }),
    ).resolves.toMatchObject({ url: 'http://127.0.0.1:4000/hook' });
  });

  it.each<[string, readonly string[], string]>([
    ['http://127.0.0.1:4000/hook', [], 'loopback'],
    ['http://[::1]:4000/hook', [], 'loopback'],
    ['http://localhost:4000/hook', ['127.0.0.1'], 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', DEVELOPMENT_OUTBOUND_ALLOWLIST, 'link-local or cloud metadata'],
    ['http://[::ffff:169.254.169.254]/', DEVELOPMENT_OUTBOUND_ALLOWLIST, 'link-local or cloud metadata'],
    [
      'https://metadata.google.internal/computeMetadata/v1/',
      DEVELOPMENT_OUTBOUND_ALLOWLIST,
      'link-local or cloud metadata',
    ],
    ['https://10.1.2.3/hook', DEVELOPMENT_OUTBOUND_ALLOWLIST, 'private network'],
    ['https://intranet.example/hook', DEVELOPMENT_OUTBOUND_ALLOWLIST, 'private network'],
    ['https://split.example/hook', DEVELOPMENT_OUTBOUND_ALLOWLIST, 'private network'],
  ])('refuses %s (allowlist %j) with a 422 on body.url', async (url, allow, category) => {
    const { rows, useCase } = setup(true, allow);
    const refusal = await useCase.execute({ teamId: 't', url, event_types: ['purchase.created'] }).catch((e) => e);
    expect(refusal).toBeInstanceOf(RpcRefusal);
    expect((refusal as RpcRefusal).getError()).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'url'],
          msg: `URL must not point to a private or internal address (${category}); private/internal addresses are not allowed`,
          type: 'value_error',
          input: url,
        },
      ],
    });
    expect(rows).toEqual([]);
  });

  it.each<[string, readonly string[]]>([
    ['https://intranet.example/hook', ['10.0.0.0/8', 'fd00::/8']],
    ['https://intranet.example/hook', ['intranet.example']],
    // A name that does not resolve yet is accepted; every delivery checks it again.
    ['https://not-yet.example/hook', []],
  ])('accepts %s with allowlist %j', async (url, allow) => {
    const { rows, useCase } = setup(false, allow);
    await expect(useCase.execute({ teamId: 't', url, event_types: ['purchase.created'] })).resolves.toMatchObject({
      url,
    });
    expect(rows).toHaveLength(1);
  });
});
