import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { select } from '../sql.js';

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

/** A presented token with what refresh rules 4 and 5 need of its replacement (null before its rotation). */
export interface RefreshTokenWithReplacement extends RefreshTokenRecord {
  replacement: { rotatedAt: Date | null; revokedAt: Date | null; expiresAt: Date } | null;
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

/** The parameters $1 to $10 of an insert of `token`. */
const newTokenValues = (token: NewRefreshToken): unknown[] => [
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
];

const COLUMNS = `rt.id, rt.installation_id, i.client_id, rt.family_id, rt.parent_id, rt.user_id, rt.scope, rt.expires_at,
  rt.rotated_at, rt.replaced_by, rt.replacement_sealed, rt.revoked_at`;

/** The refresh-rotation ledger: every refresh token ever issued, by hash, with its rotation. */
@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Looks a presented token up by its hash (outside a transaction: for a decision taken under a lock later). */
  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const rows = await select<RefreshTokenRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM auth.refresh_tokens rt JOIN auth.installations i ON i.id = rt.installation_id
       WHERE rt.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /**
   * The presented token, row-locked (a replayed authorization code revokes its chain without the installation's
   * lock), and its replacement, in one statement. Run it after the installation's lock is held: in READ COMMITTED
   * a statement sees what was committed before it began, so every earlier rotation is visible.
   */
  async lockForRefresh(tx: EntityManager, tokenHash: string): Promise<RefreshTokenWithReplacement | null> {
    const rows = await select<
      RefreshTokenRow & {
        replacement_rotated_at: Date | null;
        replacement_revoked_at: Date | null;
        replacement_expires_at: Date | null;
      }
    >(
      tx,
      `SELECT ${COLUMNS}, r.rotated_at AS replacement_rotated_at, r.revoked_at AS replacement_revoked_at,
         r.expires_at AS replacement_expires_at
       FROM auth.refresh_tokens rt JOIN auth.installations i ON i.id = rt.installation_id
         LEFT JOIN auth.refresh_tokens r ON r.id = rt.replaced_by
       WHERE rt.token_hash = $1 FOR UPDATE OF rt`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      ...toRecord(row),
      replacement: row.replacement_expires_at
        ? {
            rotatedAt: row.replacement_rotated_at,
            revokedAt: row.replacement_revoked_at,
            expiresAt: row.replacement_expires_at,
          }
        : null,
    };
  }

  async insert(tx: EntityManager, token: NewRefreshToken): Promise<void> {
    await tx.query(
      `INSERT INTO auth.refresh_tokens
         (id, installation_id, token_hash, family_id, parent_id, code_hash, user_id, scope, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      newTokenValues(token),
    );
  }

  /**
   * One statement: issues `next`, records on `token` that it was exchanged for it (keeping `next` sealed for
   * retries), and drops the sealed copy kept on the token before it, whose window closes now that its replacement
   * (`token`) has been used.
   */
  async rotate(tx: EntityManager, token: RefreshTokenRecord, next: NewRefreshToken, nextSealed: string): Promise<void> {
    await tx.query(
      `WITH issued AS (
         INSERT INTO auth.refresh_tokens
           (id, installation_id, token_hash, family_id, parent_id, code_hash, user_id, scope, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ), closed AS (
         UPDATE auth.refresh_tokens SET replacement_sealed = NULL WHERE id = $13
       )
       UPDATE auth.refresh_tokens SET rotated_at = $9, replaced_by = $1, replacement_sealed = $11 WHERE id = $12`,
      [...newTokenValues(next), nextSealed, token.id, token.parentId],
    );
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
