import { type AuthContracts } from '@cps/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { readCommitted, select } from '../sql.js';

export interface Installation {
  id: string;
  clientId: string;
  teamId: string;
  status: AuthContracts.InstallationStatus;
  scope: string;
  authorizedBy: string | null;
}

interface InstallationRow {
  id: string;
  client_id: string;
  team_id: string;
  status: AuthContracts.InstallationStatus;
  scope: string;
  authorized_by: string | null;
}

const toInstallation = (row: InstallationRow): Installation => ({
  id: row.id,
  clientId: row.client_id,
  teamId: row.team_id,
  status: row.status,
  scope: row.scope,
  authorizedBy: row.authorized_by,
});

/**
 * Installations: one per (app, team). Every method that changes one takes the transaction that holds
 * its row lock: the lock is what serialises refreshes, revocations and authorizations of one installation.
 */
@Injectable()
export class InstallationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return readCommitted(this.dataSource, work);
  }

  /** Creates the installation if the pair has none (status given), then locks and returns it. */
  async ensureLocked(
    tx: EntityManager,
    candidate: Installation,
    at: Date,
  ): Promise<{ installation: Installation; created: boolean }> {
    const inserted = await select<{ id: string }>(
      tx,
      `INSERT INTO auth.installations (id, client_id, team_id, status, scope, authorized_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (client_id, team_id) DO NOTHING RETURNING id`,
      [
        candidate.id,
        candidate.clientId,
        candidate.teamId,
        candidate.status,
        candidate.scope,
        candidate.authorizedBy,
        at,
      ],
    );
    const installation = await this.lockByPair(tx, candidate.clientId, candidate.teamId);
    return { installation: installation!, created: inserted.length > 0 };
  }

  async lockByPair(tx: EntityManager, clientId: string, teamId: string): Promise<Installation | null> {
    const rows = await select<InstallationRow>(
      tx,
      `SELECT * FROM auth.installations WHERE client_id = $1 AND team_id = $2 FOR UPDATE`,
      [clientId, teamId],
    );
    return rows[0] ? toInstallation(rows[0]) : null;
  }

  async lockById(tx: EntityManager, id: string): Promise<Installation> {
    const rows = await select<InstallationRow>(tx, `SELECT * FROM auth.installations WHERE id = $1 FOR UPDATE`, [id]);
    return toInstallation(rows[0]!);
  }

  async update(
    tx: EntityManager,
    id: string,
    change: { status: AuthContracts.InstallationStatus; scope?: string; authorizedBy?: string },
    at: Date,
  ): Promise<void> {
    await tx.query(
      `UPDATE auth.installations
         SET status = $2, scope = COALESCE($3, scope), authorized_by = COALESCE($4, authorized_by), updated_at = $5
       WHERE id = $1`,
      [id, change.status, change.scope ?? null, change.authorizedBy ?? null, at],
    );
  }
}
