import { AuthContracts } from '@cps/contracts';
import { type OrderedConsumers } from '../auth/ordered-event-feed.js';
import { BrandNames } from './brand-names.js';
import { BrandProfileChangesFeed } from './brand-profile-changes.feed.js';
import { type AuthClient } from '../clients/auth.client.js';

function setup() {
  let displayName = 'Old Name';
  const asked: string[] = [];
  const auth = {
    getTeam: ({ teamId }: { teamId: string }) => {
      asked.push(teamId);
      return Promise.resolve({
        team_id: teamId,
        name: 'team',
        display_name: displayName,
        logo_url: null,
        privacy_policy_url: null,
        history_window_days: 30,
      });
    },
  } as unknown as AuthClient;
  const brands = new BrandNames(auth);
  const nats = { js: { consumers: { get: async () => ({ consume: async () => [] as never }) } } } as OrderedConsumers;
  const feed = new BrandProfileChangesFeed(nats, brands, { EVENTS_STREAM: 'CPS_EVENTS' });
  return { brands, feed, asked, rename: (name: string) => (displayName = name) };
}

const changed = (teamId: string) => ({
  id: '01JCHANGE',
  subject: AuthContracts.teamProfileChanged.subject,
  occurredAt: '2026-11-28T10:00:00.000Z',
  correlationId: '01JCHANGE',
  teamId,
  data: { teamId },
});

describe('BrandProfileChangesFeed', () => {
  it('drops the changed team’s cached profile, so the next page shows the new name', async () => {
    const { brands, feed, rename } = setup();
    await expect(brands.nameOf('team_1')).resolves.toBe('Old Name');
    rename('New Name');
    await expect(brands.nameOf('team_1')).resolves.toBe('Old Name'); // cached
    feed.handle(changed('team_1'));
    await expect(brands.nameOf('team_1')).resolves.toBe('New Name');
  });

  it('keeps other teams’ profiles and skips a malformed event', async () => {
    const { brands, feed, asked } = setup();
    await brands.nameOf('team_1');
    await brands.nameOf('team_2');
    feed.handle(changed('team_2'));
    feed.handle({ data: 'nonsense' });
    await brands.nameOf('team_1');
    await brands.nameOf('team_2');
    expect(asked).toEqual(['team_1', 'team_2', 'team_2']);
  });
});
