import { type DataSource } from 'typeorm';
import { ConnectorRevocations } from './connector-revocations.js';

/** A DataSource whose query answers the rows of `mcp.connector_revocations` given. */
function revocationsOf(rows: Array<{ client_id: string; team_id: string; revoked_at: Date }>) {
  const dataSource = { options: { url: 'postgres://unused' }, query: () => Promise.resolve(rows) };
  return new ConnectorRevocations(dataSource as unknown as DataSource);
}

describe('ConnectorRevocations', () => {
  const revokedAt = new Date('2026-11-25T10:00:05.400Z');
  const second = revokedAt.getTime() / 1000;

  it('refuses the tokens of the pair issued before the revocation or in its second, not later ones', async () => {
    const revocations = revocationsOf([{ client_id: 'mcpc_a', team_id: 'team_1', revoked_at: revokedAt }]);
    await revocations.refresh();
    expect(revocations.revoked('mcpc_a', 'team_1', Math.floor(second) - 600)).toBe(true);
    expect(revocations.revoked('mcpc_a', 'team_1', Math.floor(second))).toBe(true);
    expect(revocations.revoked('mcpc_a', 'team_1', Math.floor(second) + 1)).toBe(false);
  });

  it('keeps other pairs: the same client on another team, another client on the team', async () => {
    const revocations = revocationsOf([{ client_id: 'mcpc_a', team_id: 'team_1', revoked_at: revokedAt }]);
    await revocations.refresh();
    expect(revocations.revoked('mcpc_a', 'team_2', Math.floor(second) - 1)).toBe(false);
    expect(revocations.revoked('mcpc_b', 'team_1', Math.floor(second) - 1)).toBe(false);
  });

  it('forgets what the table no longer holds', async () => {
    const rows = [{ client_id: 'mcpc_a', team_id: 'team_1', revoked_at: revokedAt }];
    const revocations = revocationsOf(rows);
    await revocations.refresh();
    rows.length = 0;
    await revocations.refresh();
    expect(revocations.revoked('mcpc_a', 'team_1', 0)).toBe(false);
  });
});
