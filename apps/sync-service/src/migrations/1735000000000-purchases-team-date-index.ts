import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The dashboard's purchases-per-day chart (`sync.team-stats.v1`) reads a team's purchases by date. */
export class PurchasesTeamDateIndex1735000000000 implements MigrationInterface {
  name = 'PurchasesTeamDateIndex1735000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX purchases_team_date_idx ON sync.purchases (team_id, date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sync.purchases_team_date_idx`);
  }
}
