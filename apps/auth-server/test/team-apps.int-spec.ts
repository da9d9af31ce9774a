import { AuthContracts } from '@cps/contracts';
import { OAuthFixture, REDIRECT_URI } from '@cps/testing';
import pg from 'pg';

/**
 * What a team manages of its partner apps and MCP connectors from the dashboard, over NATS against the built
 * auth-server: replacing an app's redirect URIs (the registration rules, the authorize endpoint follows at once),
 * listing and disconnecting connectors, and tenancy: another team's apps and connectors are 404 and stay as they are.
 */
describe('team-scoped partner app and connector RPCs', () => {
  let fx: OAuthFixture;

  beforeAll(async () => {
    fx = await OAuthFixture.start();
  });

  afterAll(async () => {
    await fx?.stop();
  });

  /** The data of the `auth.mcp-connector.disconnected.v1` events of a client in auth-server's outbox. */
  async function disconnectedEvents(clientId: string): Promise<Array<Record<string, unknown>>> {
    const db = new pg.Client({ connectionString: fx.platform.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ data: Record<string, unknown> }>(
        `SELECT envelope->'data' AS data FROM auth.outbox
          WHERE subject = $1 AND envelope->'data'->>'clientId' = $2 ORDER BY id`,
        [AuthContracts.mcpConnectorDisconnected.subject, clientId],
      );
      return rows.map((row) => row.data);
    } finally {
      await db.end();
    }
  }

  describe('auth.update-partner-app.v1', () => {
    it('replaces the redirect URIs of the team’s own app, and authorization follows the new list', async () => {
      const app = await fx.createApp('Redirects Co');
      const user = await fx.createUser();
      const other = 'https://app.example/oauth/callback';

      const updated = await fx.platform.admin.request(AuthContracts.updatePartnerApp, {
        clientId: app.clientId,
        teamId: app.ownerTeamId,
        redirectUris: [other],
      });
      expect(updated).toMatchObject({ client_id: app.clientId, name: 'Redirects Co', redirect_uris: [other] });
      const { partner_apps } = await fx.platform.admin.request(AuthContracts.listPartnerApps, {
        teamId: app.ownerTeamId,
      });
      expect(partner_apps.find((listed) => listed.client_id === app.clientId)?.redirect_uris).toEqual([other]);
      // The loopback URI is no longer registered: the authorize endpoint refuses it (no redirect to it).
      await expect(fx.code(app, user)).rejects.toThrow();

      await fx.platform.admin.request(AuthContracts.updatePartnerApp, {
        clientId: app.clientId,
        teamId: app.ownerTeamId,
        redirectUris: [other, REDIRECT_URI],
      });
      const { tokens } = await fx.install(app, user);
      expect(tokens.refresh_token).toBeTruthy();
    });

    it.each([
      ['plain http off loopback', ['http://app.example/cb'], 'must use https'],
      ['a fragment', ['https://app.example/cb#frag'], 'fragment'],
      ['user info', ['https://user:pw@app.example/cb'], 'user info'],
      ['a duplicate', ['https://app.example/cb', 'https://app.example/cb'], 'unique'],
      ['eleven URIs', Array.from({ length: 11 }, (_, n) => `https://app.example/cb${n}`), 'at most 10'],
      ['a relative URI', ['not a url'], 'absolute URL'],
    ])('refuses %s with 422 and keeps the old list', async (_case, redirectUris, message) => {
      const app = await fx.createApp('Strict Co');
      const refused = fx.platform.admin.request(AuthContracts.updatePartnerApp, {
        clientId: app.clientId,
        teamId: app.ownerTeamId,
        redirectUris,
      });
      await expect(refused).rejects.toMatchObject({
        status: 422,
        response: { detail: expect.stringContaining(message) },
      });
      const { partner_apps } = await fx.platform.admin.request(AuthContracts.listPartnerApps, {
        teamId: app.ownerTeamId,
      });
      expect(partner_apps[0]!.redirect_uris).toEqual([REDIRECT_URI]);
    });

    it('answers 404 for another team’s app, and for an unknown one, changing nothing', async () => {
      const app = await fx.createApp('Owned Co');
      const stranger = await fx.platform.admin.createTeam('Stranger');
      for (const [clientId, teamId] of [
        [app.clientId, stranger.team_id],
        ['cpa_unknown', app.ownerTeamId],
      ] as const) {
        await expect(
          fx.platform.admin.request(AuthContracts.updatePartnerApp, {
            clientId,
            teamId,
            redirectUris: ['https://evil.example/cb'],
          }),
        ).rejects.toMatchObject({ status: 404 });
      }
      const { partner_apps } = await fx.platform.admin.request(AuthContracts.listPartnerApps, {
        teamId: app.ownerTeamId,
      });
      expect(partner_apps[0]!.redirect_uris).toEqual([REDIRECT_URI]);
    });
  });

  describe('auth.list-connectors.v1 and auth.disconnect-connector.v1', () => {
    it('lists a connector on the team it was authorized for only, with its scopes and dates', async () => {
      const user = await fx.createUser(2);
      const [teamA, teamB] = user.teamIds as [string, string];
      const { clientId, tokens } = await fx.connectConnector(user, {
        team: teamA,
        name: 'Assistant',
        scope: 'mcp:read retailers:read',
      });

      const { connectors } = await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamA });
      expect(connectors).toEqual([
        {
          client_id: clientId,
          name: 'Assistant',
          kind: 'registered',
          scope: 'mcp:read retailers:read',
          authorized_at: expect.any(String),
          last_used_at: expect.any(String),
        },
      ]);
      expect(connectors[0]!.last_used_at).toBe(connectors[0]!.authorized_at);
      expect((await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamB })).connectors).toEqual([]);

      // A refresh is a use: the authorization date stays, the last use moves.
      await fx.advanceClock(120);
      try {
        const refreshed = await fx.connectorToken(clientId, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
        });
        expect(refreshed.status).toBe(200);
        const [after] = (await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamA })).connectors;
        expect(after!.authorized_at).toBe(connectors[0]!.authorized_at);
        expect(Date.parse(after!.last_used_at) - Date.parse(after!.authorized_at)).toBeGreaterThanOrEqual(120_000);
      } finally {
        await fx.resetClock();
      }
    });

    it('disconnects: the refresh token is refused and the connector leaves the list; another team gets 404', async () => {
      const user = await fx.createUser(2);
      const [teamA, teamB] = user.teamIds as [string, string];
      const { clientId, tokens } = await fx.connectConnector(user, { team: teamA });

      await expect(
        fx.platform.admin.request(AuthContracts.disconnectConnector, { clientId, teamId: teamB }),
      ).rejects.toMatchObject({
        status: 404,
      });
      await expect(
        fx.platform.admin.request(AuthContracts.disconnectConnector, { clientId: 'mcpc_unknown', teamId: teamA }),
      ).rejects.toMatchObject({ status: 404 });
      expect(
        (await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamA })).connectors,
      ).toHaveLength(1);

      expect(await fx.platform.admin.request(AuthContracts.disconnectConnector, { clientId, teamId: teamA })).toEqual({
        client_id: clientId,
        team_id: teamA,
      });
      expect((await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamA })).connectors).toEqual([]);
      const refused = await fx.connectorToken(clientId, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
      // Idempotent: disconnecting again answers the same.
      await expect(
        fx.platform.admin.request(AuthContracts.disconnectConnector, { clientId, teamId: teamA }),
      ).resolves.toEqual({
        client_id: clientId,
        team_id: teamA,
      });
      // One auth.mcp-connector.disconnected.v1 in the outbox, for the revoke that revoked something.
      expect(await disconnectedEvents(clientId)).toEqual([
        { teamId: teamA, clientId, disconnectedAt: expect.any(String), reason: 'dashboard_disconnect' },
      ]);
    });

    it('keeps a connector of the same client on another team when one team disconnects it', async () => {
      const user = await fx.createUser(2);
      const [teamA, teamB] = user.teamIds as [string, string];
      const first = await fx.connectConnector(user, { team: teamA });
      // The same client authorized again, on the second team this time: a grant of its own.
      const second = await fx.connectConnector(user, { team: teamB, clientId: first.clientId });
      await fx.platform.admin.request(AuthContracts.disconnectConnector, { clientId: first.clientId, teamId: teamA });
      expect((await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamA })).connectors).toEqual([]);
      const onB = await fx.platform.admin.request(AuthContracts.listConnectors, { teamId: teamB });
      expect(onB.connectors.map((connector) => connector.client_id)).toEqual([first.clientId]);
      const refusedOnA = await fx.connectorToken(first.clientId, {
        grant_type: 'refresh_token',
        refresh_token: first.tokens.refresh_token,
      });
      expect(refusedOnA.status).toBe(400);
      const stillWorks = await fx.connectorToken(first.clientId, {
        grant_type: 'refresh_token',
        refresh_token: second.tokens.refresh_token,
      });
      expect(stillWorks.status).toBe(200);
      expect((await disconnectedEvents(first.clientId)).map((data) => data.teamId)).toEqual([teamA]);
    });
  });
});
