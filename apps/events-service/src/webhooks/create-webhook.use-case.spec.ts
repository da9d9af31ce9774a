import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { type Clock } from '../settings.js';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { type WebhookDestinationEntity } from './webhook-destination.entity.js';
import { type WebhookDestinationRepository } from './webhook-destination.repository.js';

const box = new SecretBox(Buffer.alloc(32, 1).toString('base64'));
const clock: Clock = { now: () => new Date('2025-01-01T00:00:00.000Z'), random: () => 0.5 };

function setup(allowHttp: boolean) {
  const rows: WebhookDestinationEntity[] = [];
  const repository = {
    create: (row: WebhookDestinationEntity) => {
      rows.push(row);
      return Promise.resolve();
    },
  } as unknown as WebhookDestinationRepository;
  return { rows, useCase: new CreateWebhookUseCase(repository, box, { allowHttp }, clock) };
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
});
