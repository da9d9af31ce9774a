import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Installation } from '../installations/installation.repository.js';
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

/** A rotated token's replacement, as far as refresh rules 4 and 5 go. */
export interface Replacement {
  rotatedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
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

/**
 * `rotateNewest`'s statement ($1 token hash, $2 client, $3 the grant, which the presented token must hold and the new
 * one gets, $4 new id, $5 now, $6 new hash, $7 new expiry, $8 new token sealed, $9 the hash of the client secret
 * presented). Each table is read by a unique key only (the hash, then the ids), so no plan walks an installation's
 * tokens: "neither revoked nor rotated" is one COALESCE because a plain `revoked_at IS NULL` lets the planner scan
 * all of `refresh_tokens_installation_idx` (partial on it), which it did under statistics taken while the table was
 * small, at thousands of rows a statement.
 */
export const ROTATE_NEWEST = `WITH token AS (
     SELECT id, installation_id FROM auth.refresh_tokens WHERE token_hash = $1
   ), installation AS (
     SELECT team_id, authorized_by FROM auth.installations
     WHERE id = (SELECT installation_id FROM token) AND client_id = $2 AND status = 'active'
       AND EXISTS (SELECT 1 FROM auth.partner_apps WHERE client_id = $2 AND secret_hash = $9)
     FOR UPDATE
   ), presented AS (
     SELECT rt.id, rt.installation_id, rt.family_id, rt.parent_id, rt.user_id, i.team_id, i.authorized_by
     FROM auth.refresh_tokens rt CROSS JOIN installation i
     WHERE rt.id = (SELECT id FROM token) AND COALESCE(rt.revoked_at, rt.rotated_at) IS NULL
       AND rt.expires_at > $5 AND rt.scope = $3
     FOR UPDATE OF rt
   ), issued AS (
     INSERT INTO auth.refresh_tokens
       (id, installation_id, token_hash, family_id, parent_id, code_hash, user_id, scope, issued_at, expires_at)
     SELECT $4, p.installation_id, $6, p.family_id, p.id, NULL, p.user_id, $3, $5, $7 FROM presented p
   ), closed AS (
     UPDATE auth.refresh_tokens SET replacement_sealed = NULL WHERE id = (SELECT parent_id FROM presented)
   ), rotated AS (
     UPDATE auth.refresh_tokens SET rotated_at = $5, replaced_by = $4, replacement_sealed = $8
     WHERE id = (SELECT id FROM presented)
   )
   SELECT user_id AS "userId", team_id AS "teamId", authorized_by AS "authorizedBy" FROM presented`;

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
   * Locks the installation a presented token (by hash) was issued to, then the token, in one statement, and returns
   * both as last committed: in READ COMMITTED a row that another transaction changed while this one waited for its
   * lock is read again, as that transaction left it. Null for an unknown token or one issued to another client.
   */
  async lockForRefresh(
    tx: EntityManager,
    tokenHash: string,
    clientId: string,
  ): Promise<{ installation: Installation; token: RefreshTokenRecord } | null> {
    const rows = await select<
      RefreshTokenRow & Pick<Installation, 'teamId' | 'status' | 'authorizedBy'> & { installationScope: string }
    >(
      tx,
      `SELECT ${COLUMNS}, i.team_id AS "teamId", i.status, i.scope AS "installationScope",
         i.authorized_by AS "authorizedBy"
       FROM auth.installations i JOIN auth.refresh_tokens rt ON rt.installation_id = i.id
       WHERE rt.token_hash = $1 AND i.client_id = $2
       FOR UPDATE OF i, rt`,
      [tokenHash, clientId],
    );
    const row = rows[0];
    if (!row) return null;
    const installation: Installation = {
      id: row.installation_id,
      clientId: row.client_id,
      teamId: row.teamId,
      status: row.status,
      scope: row.installationScope,
      authorizedBy: row.authorizedBy,
    };
    return { installation, token: toRecord(row) };
  }

  /** What refresh rules 4 and 5 need of a rotated token's replacement (read under the locks of `lockForRefresh`). */
  async replacementOf(tx: EntityManager, token: RefreshTokenRecord): Promise<Replacement | null> {
    if (!token.replacedBy) return null;
    const rows = await select<Replacement>(
      tx,
      `SELECT rotated_at AS "rotatedAt", revoked_at AS "revokedAt", expires_at AS "expiresAt"
       FROM auth.refresh_tokens WHERE id = $1`,
      [token.replacedBy],
    );
    return rows[0] ?? null;
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

  /**
   * Rotates the installation's newest token in one statement, outside any transaction, when nothing but rule 1
   * applies: the client's secret hash is `client.secretHash` (so this may run before the client is authenticated),
   * the token (by hash, issued to that client) is unrevoked, unrotated, unexpired at `next.issuedAt` and holds
   * `next.scope` (the full grant), and its installation is active. It locks the installation, then the token, like
   * `lockForRefresh`; a row another transaction changed while this one waited is checked again as committed, so a
   * concurrent rotation makes this return null. Null whenever the conditions do not hold: the caller then decides
   * under `lockForRefresh` (retries, reuse, refusals). The new token's installation, family, parent and user are
   * the presented token's (those fields of `next` are not read).
   */
  async rotateNewest(
    tokenHash: string,
    client: { clientId: string; secretHash: string },
    next: Pick<NewRefreshToken, 'id' | 'tokenHash' | 'scope' | 'issuedAt' | 'expiresAt'>,
    nextSealed: string,
  ): Promise<{ userId: string | null; teamId: string; authorizedBy: string | null } | null> {
    const rows = await select<{ userId: string | null; teamId: string; authorizedBy: string | null }>(
      this.dataSource,
      ROTATE_NEWEST,
      [
        tokenHash,
        client.clientId,
        next.scope,
        next.id,
        next.issuedAt,
        next.tokenHash,
        next.expiresAt,
        nextSealed,
        client.secretHash,
      ],
    );
    return rows[0] ?? null;
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
