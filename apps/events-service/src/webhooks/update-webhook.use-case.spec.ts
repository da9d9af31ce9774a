import { RpcRefusal } from '@cps/messaging';
import { DEVELOPMENT_OUTBOUND_ALLOWLIST, OutboundGuard } from '@cps/platform';
import { type Clock } from '@cps/domain';
import { fake, inlineTransactor, resolveForSpecs } from '@cps/testing/unit';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';
import { type WebhookDestinationEntity } from './webhook-destination.entity.js';
import { type DestinationChanges, type WebhookDestinationRepository } from './webhook-destination.repository.js';

const clock: Clock = { now: () => new Date('2025-01-02T00:00:00.000Z') };

const stored: WebhookDestinationEntity = {
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  teamId: 't',
  name: 'Orders',
  url: 'https://example.com/hooks',
  eventTypes: ['purchase.created'],
  isActive: true,
  receiveSimulatedEvents: false,
  secretSealed: 'sealed',
  disabledReason: null,
  createdAt: new Date('2025-01-01T00:00:00.000Z'),
  updatedAt: new Date('2025-01-01T00:00:00.000Z'),
};

function setup(allow: readonly string[]) {
  const updates: DestinationChanges[] = [];
  const repository = fake<WebhookDestinationRepository>({
    update: (_tx: unknown, _teamId: string, _id: string, changes: DestinationChanges) => {
      updates.push(changes);
      return Promise.resolve({ ...stored, ...changes });
    },
  });
  const guard = new OutboundGuard({ allow, resolve: resolveForSpecs });
  return {
    updates,
    useCase: new UpdateWebhookUseCase(repository, inlineTransactor, { allowHttp: true }, clock, guard),
  };
}

describe('UpdateWebhookUseCase', () => {
  it.each<[string, string]>([
    ['http://127.0.0.1:9/hook', 'loopback'],
    ['https://intranet.example/hook', 'private network'],
  ])('refuses a new url %s with a 422 on body.url and changes nothing', async (url, category) => {
    const { updates, useCase } = setup([]);
    const refusal = await useCase.execute({ teamId: 't', webhookId: stored.id, url }).catch((e) => e);
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
    expect(updates).toEqual([]);
  });

  it('accepts an allowlisted loopback url', async () => {
    const { updates, useCase } = setup(DEVELOPMENT_OUTBOUND_ALLOWLIST);
    await expect(
      useCase.execute({ teamId: 't', webhookId: stored.id, url: 'http://127.0.0.1:9/hook' }),
    ).resolves.toMatchObject({ url: 'http://127.0.0.1:9/hook' });
    expect(updates).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/hook' })]);
  });

  it('does not look the url up when it is not changed', async () => {
    const { useCase } = setup([]);
    await expect(useCase.execute({ teamId: 't', webhookId: stored.id, name: 'Renamed' })).resolves.toMatchObject({
      name: 'Renamed',
      url: 'https://example.com/hooks',
    });
  });
});
