import { RpcRefusal } from '@cps/messaging';
import { SecretBox, sha256 } from '@cps/persistence';
import { type Clock, type Randomness } from '@cps/domain';
import { CreateLinkTokenUseCase, type CreateLinkTokenCommand } from './create-link-token.use-case.js';
import { type LinkTokenEntity } from './link-token.entity.js';
import { type LinkTokenRepository } from './link-token.repository.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const KEY = Buffer.alloc(32, 3).toString('base64');

function setup(options: { concurrentWinner?: (row: LinkTokenEntity) => LinkTokenEntity } = {}) {
  const rows: LinkTokenEntity[] = [];
  let draws = 0;
  const tokens = fake<LinkTokenRepository>({
    findByIdempotencyKey: async (teamId: string, key: string) =>
      rows.find((r) => r.teamId === teamId && r.idempotencyKey === key) ?? null,
    insert: async (row: LinkTokenEntity) => {
      if (options.concurrentWinner && row.idempotencyKey !== null) {
        // Another request with the same key committed between our lookup and our insert.
        rows.push(options.concurrentWinner(row));
        return false;
      }
      if (
        row.idempotencyKey !== null &&
        rows.some((r) => r.teamId === row.teamId && r.idempotencyKey === row.idempotencyKey)
      ) {
        return false;
      }
      rows.push(row);
      return true;
    },
  });
  const random = fake<Randomness>({
    secret: (bytes: number) => Buffer.alloc(bytes, ++draws).toString('base64url'),
  });
  const box = new SecretBox(KEY);
  const useCase = new CreateLinkTokenUseCase(tokens, box, { now: () => NOW } satisfies Clock, random);
  return { useCase, rows, box };
}

const command = (overrides: Partial<CreateLinkTokenCommand> = {}): CreateLinkTokenCommand => ({
  teamId: 'team_1',
  customerId: 'cust_1',
  ...overrides,
});

async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcRefusal) return error.getError();
    throw error;
  }
  throw new Error('expected a refusal');
}

const KEY_REUSED = {
  status: 422,
  detail: [
    {
      loc: ['header', 'x-service-idempotency-key'],
      msg: 'idempotency key reused with a different request',
      type: 'value_error',
    },
  ],
};

describe('CreateLinkTokenUseCase', () => {
  it('issues lt_v1_ + 43 base64url characters, active for 30 days, storing only the hash', async () => {
    const { useCase, rows } = setup();
    const created = await useCase.execute(command({ email: 'a@example.com', tags: { utm_source: 'app' } }));
    expect(created).toEqual({
      customer_id: 'cust_1',
      status: 'active',
      created_at: NOW.toISOString(),
      expires_at: '2025-05-31T10:00:00.000Z',
      link_token: expect.stringMatching(/^lt_v1_[A-Za-z0-9_-]{43}$/),
    });
    expect(rows).toEqual([
      expect.objectContaining({
        tokenHash: sha256(created.link_token),
        email: 'a@example.com',
        tags: { utm_source: 'app' },
        idempotencyKey: null,
        requestHash: null,
        tokenSealed: null,
      }),
    ]);
  });

  it('returns the first token for an identical retry with the same key', async () => {
    const { useCase, rows, box } = setup();
    const first = await useCase.execute(command({ idempotencyKey: 'k1', tags: { a: '1', b: '2' } }));
    const retry = await useCase.execute(command({ idempotencyKey: 'k1', tags: { b: '2', a: '1' }, expiresInDays: 30 }));
    expect(retry).toEqual(first);
    expect(rows).toHaveLength(1);
    expect(box.open(rows[0]!.tokenSealed!)).toBe(first.link_token);
  });

  it.each<[string, Partial<CreateLinkTokenCommand>]>([
    ['customer', { customerId: 'cust_2' }],
    ['email', { email: 'b@example.com' }],
    ['mobile', { mobile: '+15550100' }],
    ['tags', { tags: { utm_source: 'x' } }],
    ['lifetime', { expiresInDays: 7 }],
  ])('refuses the same key with another %s', async (_name, change) => {
    const { useCase, rows } = setup();
    await useCase.execute(command({ idempotencyKey: 'k1' }));
    expect(await refusalOf(useCase.execute(command({ idempotencyKey: 'k1', ...change })))).toEqual(KEY_REUSED);
    expect(rows).toHaveLength(1);
  });

  it('treats keys per team and requests without a key as new every time', async () => {
    const { useCase, rows } = setup();
    const a = await useCase.execute(command({ idempotencyKey: 'k1' }));
    const b = await useCase.execute(command({ teamId: 'team_2', idempotencyKey: 'k1' }));
    const c = await useCase.execute(command());
    const d = await useCase.execute(command());
    expect(new Set([a.link_token, b.link_token, c.link_token, d.link_token]).size).toBe(4);
    expect(rows).toHaveLength(4);
  });

  it('answers with the winner of a concurrent identical request', async () => {
    const box = new SecretBox(KEY);
    const winnerToken = `lt_v1_${'W'.repeat(43)}`;
    const { useCase } = setup({
      concurrentWinner: (row) => ({
        ...row,
        id: 'winner',
        tokenHash: sha256(winnerToken),
        tokenSealed: box.seal(winnerToken),
      }),
    });
    expect((await useCase.execute(command({ idempotencyKey: 'k1' }))).link_token).toBe(winnerToken);
  });

  it('refuses when a concurrent request won the key with a different request', async () => {
    const { useCase } = setup({ concurrentWinner: (row) => ({ ...row, requestHash: sha256('something else') }) });
    expect(await refusalOf(useCase.execute(command({ idempotencyKey: 'k1' })))).toEqual(KEY_REUSED);
  });
});
