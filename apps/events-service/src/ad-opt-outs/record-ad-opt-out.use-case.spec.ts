import { RpcRefusal } from '@cps/messaging';
import { sha256 } from '@cps/persistence';
import { type Clock } from '@cps/domain';
import { type AdOptOutRepository } from './ad-opt-out.repository.js';
import { RecordAdOptOutUseCase } from './record-ad-opt-out.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');

function setup() {
  const recorded: Array<[string, string, Date]> = [];
  const repository = fake<AdOptOutRepository>({
    record: async (teamId: string, emailHash: string, at: Date) => {
      recorded.push([teamId, emailHash, at]);
    },
  });
  return { useCase: new RecordAdOptOutUseCase(repository, fake<Clock>({ now: () => NOW })), recorded };
}

describe('RecordAdOptOutUseCase', () => {
  it.each(['shopper@example.com', ' Shopper@Example.COM ', 'SHOPPER@EXAMPLE.COM\n'])(
    'records %j by the hash of the normalised email, never the email',
    async (email) => {
      const { useCase, recorded } = setup();
      expect(await useCase.execute('team_1', email)).toEqual({ recorded: true });
      expect(recorded).toEqual([['team_1', sha256('shopper@example.com'), NOW]]);
      expect(JSON.stringify(recorded).toLowerCase()).not.toContain('shopper');
    },
  );

  it('refuses an email that is blank once trimmed with 422', async () => {
    const { useCase, recorded } = setup();
    const error = await useCase.execute('team_1', '  ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcRefusal);
    expect((error as RpcRefusal).getError()).toMatchObject({ status: 422, detail: [{ loc: ['body', 'email'] }] });
    expect(recorded).toEqual([]);
  });
});
