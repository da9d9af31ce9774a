import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { select, type Sql } from '../sql.js';

export interface RefreshTokenRecord {
  id: string;
  installationId: string;
  clientId: string;
  familyId: string;
  parentId: string | null;
  userId: string | null;
  scope: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  replacedBy: string | null;
  replacementSealed: string | null;
  revokedAt: Date | null;
}

export interface NewRefreshToken {
  id: string;
  installationId: string;
  tokenHash: string;
  familyId: string;
  parentId: string | null;
  codeHash: string | null;
  userId: string | null;
  scope: string;
  issuedAt: Date;
  expiresAt: Date;
}

interface RefreshTokenRow {
  id: string;
  installation_id: string;
  client_id: string;
  family_id: string;
  parent_id: string | null;
  user_id: string | null;
  scope: string;
  expires_at: Date;
  rotated_at: Date | null;
  replaced_by: string | null;
  replacement_sealed: string | null;
  revoked_at: Date | null;
}

const toRecord = (row: RefreshTokenRow): RefreshTokenRecord => ({
  id: row.id,
  installationId: row.installation_id,
  clientId: row.client_id,
  familyId: row.family_id,
  parentId: row.parent_id,
  userId: row.user_id,
  scope: row.scope,
  expiresAt: row.expires_at,
  rotatedAt: row.rotated_at,
  replacedBy: row.replaced_by,
  replacementSealed: row.replacement_sealed,
  revokedAt: row.revoked_at,
});

const COLUMNS = `rt.id, rt.installation_id, i.client_id, rt.family_id, rt.parent_id, rt.user_id, rt.scope, rt.expires_at,
  rt.rotated_at, rt.replaced_by, rt.replacement_sealed, rt.revoked_at`;

/** The refresh-rotation ledger: every refresh token ever issued, by hash, with its rotation. */
@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Looks a presented token up by its hash. `lock` re-reads it under a row lock inside a transaction. */
  async findByHash(tokenHash: string, tx?: EntityManager): Promise<RefreshTokenRecord | null> {
    const db: Sql = tx ?? this.dataSource;
    const rows = await select<RefreshTokenRow>(
      db,
      `SELECT ${COLUMNS} FROM auth.refresh_tokens rt JOIN auth.installations i ON i.id = rt.installation_id
       WHERE rt.token_hash = $1${tx ? ' FOR UPDATE OF rt' : ''}`,
      [tokenHash],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findById(tx: EntityManager, id: string): Promise<RefreshTokenRecord | null> {
    const rows = await select<RefreshTokenRow>(
      tx,
      `SELECT ${COLUMNS} FROM auth.refresh_tokens rt JOIN auth.installations i ON i.id = rt.installation_id
       WHERE rt.id = $1`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async insert(tx: EntityManager, token: NewRefreshToken): Promise<void> {
    await tx.query(
      `INSERT INTO auth.refresh_tokens
         (id, installation_id, token_hash, family_id, parent_id, code_hash, user_id, scope, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        token.id,
        token.installationId,
        token.tokenHash,
        token.familyId,
        token.parentId,
        token.codeHash,
        token.userId,
        token.scope,
        token.issuedAt,
        token.expiresAt,
      ],
    );
  }

  /**
   * Records that `id` was exchanged for `replacementId` and keeps the replacement sealed for retries. The
   * window of the token before it closes now (its replacement, `id`, has been used), so its sealed copy goes.
   */
  async markRotated(
    tx: EntityManager,
    token: RefreshTokenRecord,
    replacementId: string,
    replacementSealed: string,
    at: Date,
  ): Promise<void> {
    await tx.query(
      `UPDATE auth.refresh_tokens SET rotated_at = $2, replaced_by = $3, replacement_sealed = $4 WHERE id = $1`,
      [token.id, at, replacementId, replacementSealed],
    );
    if (token.parentId) {
      await tx.query(`UPDATE auth.refresh_tokens SET replacement_sealed = NULL WHERE id = $1`, [token.parentId]);
    }
  }

  /** Revokes every unrevoked refresh token of the installation and drops every sealed replacement. */
  async revokeAllOfInstallation(tx: EntityManager, installationId: string, reason: string, at: Date): Promise<void> {
    await tx.query(
      `UPDATE auth.refresh_tokens
         SET revoked_at = COALESCE(revoked_at, $2), revoked_reason = COALESCE(revoked_reason, $3), replacement_sealed = NULL
       WHERE installation_id = $1 AND (revoked_at IS NULL OR replacement_sealed IS NOT NULL)`,
      [installationId, at, reason],
    );
  }

  /** Revokes the chain that started with the exchange of one authorization code (the code was replayed). */
  async revokeIssuedFromCode(tx: EntityManager, codeHash: string, at: Date): Promise<void> {
    await tx.query(
      `UPDATE auth.refresh_tokens
         SET revoked_at = COALESCE(revoked_at, $2), revoked_reason = COALESCE(revoked_reason, 'code_replayed'),
             replacement_sealed = NULL
       WHERE family_id IN (SELECT family_id FROM auth.refresh_tokens WHERE code_hash = $1)`,
      [codeHash, at],
    );
  }
}
