import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type EventsContracts } from '@cps/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A stored integration (the credential stays sealed). */
export interface IntegrationRow {
  id: string;
  teamId: string;
  name: string;
  kind: EventsContracts.IntegrationKind;
  adapter: EventsContracts.IntegrationAdapter;
  baseUrl: string;
  credentialSealed: string;
  triggers: EventsContracts.IntegrationTrigger[];
  isActive: boolean;
  receiveSimulatedEvents: boolean;
  /** numeric(14,4) as Postgres gives it ("1.5000"). */
  pointsPerDollar: string;
  startDate: string | null;
  rewardOnLink: number;
  customerIdentifier: EventsContracts.CustomerIdentifier;
  createdAt: Date;
  updatedAt: Date;
}

export type IntegrationChanges = Partial<
  Pick<
    IntegrationRow,
    | 'name'
    | 'baseUrl'
    | 'credentialSealed'
    | 'triggers'
    | 'isActive'
    | 'receiveSimulatedEvents'
    | 'pointsPerDollar'
    | 'startDate'
    | 'rewardOnLink'
    | 'customerIdentifier'
  >
>;

const COLUMNS: Record<keyof IntegrationRow, string> = {
  id: 'id',
  teamId: 'team_id',
  name: 'name',
  kind: 'kind',
  adapter: 'adapter',
  baseUrl: 'base_url',
  credentialSealed: 'credential_sealed',
  triggers: 'triggers',
  isActive: 'is_active',
  receiveSimulatedEvents: 'receive_simulated_events',
  pointsPerDollar: 'points_per_dollar',
  startDate: 'start_date',
  rewardOnLink: 'reward_on_link',
  customerIdentifier: 'customer_identifier',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const SELECT = Object.entries(COLUMNS)
  .map(([field, column]) =>
    column === 'start_date' ? `to_char(start_date, 'YYYY-MM-DD') AS "${field}"` : `${column} AS "${field}"`,
  )
  .join(', ');

/**
 * The team's integrations: every read and change takes the team id. Changes go through the caller's transaction
 * (Transactor.run, which joins an audited request's: ADR 0022), so they commit with what the caller records.
 */
@Injectable()
export class IntegrationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(tx: EntityManager, row: IntegrationRow): Promise<void> {
    const fields = Object.keys(COLUMNS) as Array<keyof IntegrationRow>;
    await tx.query(
      `INSERT INTO events.integrations (${fields.map((f) => COLUMNS[f]).join(', ')})
       VALUES (${fields.map((_f, i) => `$${i + 1}`).join(', ')})`,
      fields.map((f) => row[f]),
    );
  }

  async list(teamId: string): Promise<IntegrationRow[]> {
    return this.dataSource.query(`SELECT ${SELECT} FROM events.integrations WHERE team_id = $1 ORDER BY id`, [teamId]);
  }

  /** Read in `manager` when given (a change's transaction: what it already wrote, and no second pooled connection). */
  async find(
    teamId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IntegrationRow | null> {
    const rows: IntegrationRow[] = await manager.query(
      `SELECT ${SELECT} FROM events.integrations WHERE team_id = $1 AND id = $2`,
      [teamId, id],
    );
    return rows[0] ?? null;
  }

  /** The changed row, or null for an unknown or foreign id. */
  async update(
    tx: EntityManager,
    teamId: string,
    id: string,
    changes: IntegrationChanges,
    at: Date,
  ): Promise<IntegrationRow | null> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const sets = entries.map(([field], i) => `${COLUMNS[field as keyof IntegrationRow]} = $${i + 4}`);
    const [rows]: [IntegrationRow[], number] = await tx.query(
      `UPDATE events.integrations SET ${[...sets, 'updated_at = $3'].join(', ')}
        WHERE team_id = $1 AND id = $2 RETURNING ${SELECT}`,
      [teamId, id, at, ...entries.map(([, value]) => value)],
    );
    return rows[0] ?? null;
  }

  /** True when it existed; its ledger goes with it. */
  async delete(tx: EntityManager, teamId: string, id: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await tx.query(
      `DELETE FROM events.integrations WHERE team_id = $1 AND id = $2`,
      [teamId, id],
    );
    return count > 0;
  }

  /** The team's active integrations listening to `trigger`, read in the consumer's transaction. */
  async activeFor(
    manager: EntityManager,
    teamId: string,
    trigger: EventsContracts.IntegrationTrigger,
  ): Promise<IntegrationRow[]> {
    return manager.query(
      `SELECT ${SELECT} FROM events.integrations
        WHERE team_id = $1 AND is_active AND $2 = ANY (triggers) ORDER BY id`,
      [teamId, trigger],
    );
  }
}
