import { RpcRefusal } from '@cps/messaging';
import { type LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';
import { type LinkSessionChanges, type LinkSessionEntity } from './link-session.entity.js';
import { SubmitLinkConsentUseCase } from './submit-link-consent.use-case.js';
import { fake } from '@cps/testing/unit';

function setup(current: Partial<LinkSessionEntity>) {
  const saved: LinkSessionChanges[] = [];
  const session = { id: 'ls_1', state: 'sign_in', retailerId: 'walmart', sharingWindowDays: null, ...current };
  const flow = fake<LinkSessionFlow>({
    load: async () => session as LinkSessionEntity,
    save: async (s: LinkSessionEntity, changes: LinkSessionChanges) => {
      saved.push(changes);
      return { ...s, ...changes };
    },
    view: async (s: LinkSessionEntity) => ({ history_window_days: s.sharingWindowDays }) as LinkSessionView,
  });
  return { useCase: new SubmitLinkConsentUseCase(flow), saved };
}

async function statusOf(promise: Promise<unknown>): Promise<number | null> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof RpcRefusal ? (error.getError() as { status: number }).status : null;
}

describe('SubmitLinkConsentUseCase', () => {
  it.each<[number, number]>([
    [365, 365],
    [365, 90],
    [365, 0],
    [45, 45],
  ])('offer %p days: records an answer of %p days', async (offered, chosen) => {
    const { useCase, saved } = setup({});
    expect(await useCase.execute('secret', chosen, offered)).toEqual({ history_window_days: chosen });
    expect(saved).toEqual([{ sharingWindowDays: chosen }]);
  });

  it('replaces an earlier answer (back from the sign-in page)', async () => {
    const { useCase, saved } = setup({ sharingWindowDays: 365 });
    await useCase.execute('secret', 30, 365);
    expect(saved).toEqual([{ sharingWindowDays: 30 }]);
  });

  it.each<[number, number]>([
    [365, 366],
    [365, 180],
    [30, 90],
  ])('offer %p days: refuses %p days with 422 and records nothing', async (offered, chosen) => {
    const { useCase, saved } = setup({});
    expect(await statusOf(useCase.execute('secret', chosen, offered))).toBe(422);
    expect(saved).toEqual([]);
  });

  it.each(['select_retailer', 'one_time_code', 'succeeded', 'cancelled', 'error'])(
    'refuses a session at %s with 409',
    async (state) => {
      const { useCase, saved } = setup({ state: state as LinkSessionEntity['state'] });
      expect(await statusOf(useCase.execute('secret', 30, 365))).toBe(409);
      expect(saved).toEqual([]);
    },
  );
});
