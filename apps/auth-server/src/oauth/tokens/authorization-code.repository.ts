import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { select } from '../sql.js';

/** An authorization code as oidc-provider stored it, with the team and scope recorded at consent. */
export interface StoredAuthorizationCode {
  clientId: string;
  accountId: string;
  grantId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
  consumedAt: Date | null;
  teamId: string | null;
  scope: string | null;
}

interface CodeRow {
  payload: {
    clientId: string;
    accountId: string;
    grantId: string;
    redirectUri: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
  };
  expires_at: Date;
  consumed_at: Date | null;
  team_id: string | null;
  scope: string | null;
}

@Injectable()
export class AuthorizationCodeRepository {
  /** Locks the code's row: two exchanges of one code are serialised and only the first can consume it. */
  async lock(tx: EntityManager, codeHash: string): Promise<StoredAuthorizationCode | null> {
    const rows = await select<CodeRow>(
      tx,
      `SELECT m.payload, m.expires_at, m.consumed_at, g.team_id, g.scope
       FROM auth.oidc_models m LEFT JOIN auth.grant_teams g ON g.grant_id = m.grant_id
       WHERE m.model = 'AuthorizationCode' AND m.id_hash = $1
       FOR UPDATE OF m`,
      [codeHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      clientId: row.payload.clientId,
      accountId: row.payload.accountId,
      grantId: row.payload.grantId,
      redirectUri: row.payload.redirectUri,
      codeChallenge: row.payload.codeChallenge ?? null,
      codeChallengeMethod: row.payload.codeChallengeMethod ?? null,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
      teamId: row.team_id,
      scope: row.scope,
    };
  }

  async consume(tx: EntityManager, codeHash: string, at: Date): Promise<void> {
    await tx.query(`UPDATE auth.oidc_models SET consumed_at = $2 WHERE model = 'AuthorizationCode' AND id_hash = $1`, [
      codeHash,
      at,
    ]);
  }
}
