import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';

import { type SyncContracts, type InternalConnectionStatus } from '@cps/contracts';
import { PreparedStatement } from '@cps/persistence';
import { type EntityManager, IsNull, Repository } from 'typeorm';
import { ConnectionEntity } from './connection.entity.js';

export interface ConnectionListFilter {
  customerId?: string;
  /** Part of the customer id or the email, any case. */
  search?: string;
  /** An attribution tag the connection carries. */
  tag?: { key: string; value: string };
  /** Only simulated (true) or only real (false) connections. */
  simulated?: boolean;
  /** Any of these stored statuses. */
  statuses?: InternalConnectionStatus[];
  retailerId?: string;
  /** A connection id of the team: only connections after it (older, or as old with a smaller id). */
  startingAfter?: string;
}

export type ConnectionChanges = Partial<
  Pick<
    ConnectionEntity,
    'customerId' | 'email' | 'mobile' | 'status' | 'updatedAt' | 'firstLinkedAt' | 'historyWindowDays'
  >
>;

/**
 * The team's connections. Every read takes the team id and skips deleted connections: a deleted
 * connection is as unknown as another team's.
 */
@Injectable()
export class ConnectionRepository {
  constructor(
    @InjectRepository(ConnectionEntity)
    private readonly connections: Repository<ConnectionEntity>,
  ) {}

  async insert(tx: EntityManager, connection: ConnectionEntity): Promise<void> {
    await tx.insert(ConnectionEntity, connection);
  }

  /** One of the team's connections; inside `tx` it is share-locked so its status holds until commit. */
  async findOwned(teamId: string, id: string, tx?: EntityManager): Promise<ConnectionEntity | null> {
    if (tx)
      return tx.findOne(ConnectionEntity, {
        where: { teamId, id, deletedAt: IsNull() },
        lock: { mode: 'pessimistic_read' },
      });
    // Plain SQL, prepared: TypeORM's query builder cost more than the query on GET /connections/{id} (bench/read).
    const rows = await FIND_OWNED.run(this.connections.manager.connection, [id, teamId]);
    return rows[0] ? toEntity(rows[0]) : null;
  }

  /** One of the team's connections, locked for update until `tx` ends (a change is about to be written). */
  async lockOwned(tx: EntityManager, teamId: string, id: string): Promise<ConnectionEntity | null> {
    return tx.findOne(ConnectionEntity, {
      where: { teamId, id, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * The connection a link of this customer's retailer account lands on: the newest real, not deleted one
   * that is not disconnected or revoked (after a disconnect a link makes a fresh connection). Locked for
   * update until `tx` ends.
   */
  async lockReusableForLink(
    tx: EntityManager,
    teamId: string,
    customerId: string,
    retailerId: string,
  ): Promise<ConnectionEntity | null> {
    return tx
      .createQueryBuilder(ConnectionEntity, 'c')
      .setLock('pessimistic_write')
      .where('c.team_id = :teamId AND c.customer_id = :customerId AND c.retailer_id = :retailerId', {
        teamId,
        customerId,
        retailerId,
      })
      .andWhere(`c.deleted_at IS NULL AND NOT c.is_simulated AND c.status NOT IN ('disconnected', 'revoked')`)
      .orderBy('c.createdAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(1)
      .getOne();
  }

  /** Newest first, ties broken by id (descending), at most `limit` rows. */
  async list(teamId: string, filter: ConnectionListFilter, limit: number): Promise<ConnectionEntity[]> {
    const query = this.connections
      .createQueryBuilder('c')
      .where('c.team_id = :teamId', { teamId })
      .andWhere('c.deleted_at IS NULL');
    if (filter.customerId !== undefined) query.andWhere('c.customer_id = :customerId', filter);
    if (filter.search !== undefined) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query.andWhere('(c.customer_id ILIKE :pattern OR c.email ILIKE :pattern)', { pattern });
    }
    if (filter.simulated !== undefined) query.andWhere('c.is_simulated = :simulated', { simulated: filter.simulated });
    if (filter.tag !== undefined) {
      query.andWhere('c.tags ->> :tagKey = :tagValue', { tagKey: filter.tag.key, tagValue: filter.tag.value });
    }
    if (filter.retailerId !== undefined) query.andWhere('c.retailer_id = :retailerId', filter);
    if (filter.statuses) query.andWhere('c.status IN (:...statuses)', { statuses: filter.statuses });
    if (filter.startingAfter !== undefined) {
      // Compared in SQL against the stored row, so the cursor keeps Postgres' microsecond precision.
      query.andWhere(
        `(c.created_at, c.id) < (SELECT a.created_at, a.id FROM sync.connections a
                                  WHERE a.id = :startingAfter AND a.team_id = :teamId)`,
        { startingAfter: filter.startingAfter },
      );
    }
    return query.orderBy('c.createdAt', 'DESC').addOrderBy('c.id', 'DESC').limit(limit).getMany();
  }

  /** The connection's collection state (team-scoped); `collected: false` when it has none (simulated). */
  async collectionOf(teamId: string, connectionId: string): Promise<SyncContracts.ConnectionCollection> {
    const rows: Array<{
      last_polled_at: Date | null;
      last_succeeded_at: Date | null;
      next_poll_at: Date;
      consecutive_failures: number;
      last_error: string | null;
    }> = await this.connections.query(
      `SELECT last_polled_at, last_succeeded_at, next_poll_at, consecutive_failures, last_error
         FROM sync.collection_states WHERE team_id = $1 AND connection_id = $2`,
      [teamId, connectionId],
    );
    const state = rows[0];
    if (!state) {
      return {
        collected: false,
        last_polled_at: null,
        last_succeeded_at: null,
        next_poll_at: null,
        consecutive_failures: 0,
        last_error: null,
      };
    }
    return {
      collected: true,
      last_polled_at: state.last_polled_at?.toISOString() ?? null,
      last_succeeded_at: state.last_succeeded_at?.toISOString() ?? null,
      next_poll_at: state.next_poll_at.toISOString(),
      consecutive_failures: state.consecutive_failures,
      last_error: state.last_error,
    };
  }

  async update(tx: EntityManager, teamId: string, id: string, changes: ConnectionChanges): Promise<void> {
    await tx.update(ConnectionEntity, { teamId, id, deletedAt: IsNull() }, changes);
  }

  /**
   * Marks the connection deleted. Its status also becomes `disconnected` (unless revoked), so anything
   * that selects connections to collect by status stops collecting it too.
   */
  async softDelete(tx: EntityManager, teamId: string, id: string, at: Date): Promise<void> {
    await tx
      .createQueryBuilder()
      .update(ConnectionEntity)
      .set({
        deletedAt: at,
        updatedAt: at,
        status: () => `CASE WHEN status = 'revoked' THEN status ELSE 'disconnected' END`,
      })
      .where('team_id = :teamId AND id = :id AND deleted_at IS NULL', { teamId, id })
      .execute();
  }
}

/** A row of sync.connections as node-postgres returns it. */
interface ConnectionRow {
  id: string;
  team_id: string;
  customer_id: string;
  retailer_id: string;
  status: ConnectionEntity['status'];
  email: string | null;
  mobile: string | null;
  tags: Record<string, string>;
  is_simulated: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  first_linked_at: Date | null;
  history_window_days: number;
}

function toEntity(row: ConnectionRow): ConnectionEntity {
  return Object.assign(new ConnectionEntity(), {
    id: row.id,
    teamId: row.team_id,
    customerId: row.customer_id,
    retailerId: row.retailer_id,
    status: row.status,
    email: row.email,
    mobile: row.mobile,
    tags: row.tags,
    isSimulated: row.is_simulated,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    firstLinkedAt: row.first_linked_at,
    historyWindowDays: row.history_window_days,
  });
}

const FIND_OWNED = new PreparedStatement<ConnectionRow>(
  `SELECT id, team_id, customer_id, retailer_id, status, email, mobile, tags, is_simulated, created_at,
              updated_at, deleted_at, first_linked_at, history_window_days
         FROM sync.connections WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL`,
);
