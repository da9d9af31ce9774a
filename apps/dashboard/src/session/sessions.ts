import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { constantTimeEqual, sha256 } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';

export interface Session {
  idHash: string;
  userId: string;
  email: string;
  teamId: string;
  csrf: string;
}

/** Server-side sessions in `dashboard.sessions`, named by a random secret whose hash alone is stored. */
@Injectable()
export class Sessions {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  /** A new session; the returned secret goes into the cookie and nowhere else. */
  async create(user: { userId: string; email: string; teamId: string }): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO dashboard.sessions (id_hash, user_id, email, team_id, csrf, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
      [
        sha256(secret),
        user.userId,
        user.email,
        user.teamId,
        randomBytes(24).toString('base64url'),
        this.config.SESSION_TTL_MINUTES,
      ],
    );
    // Expired sessions of anyone go with each sign-in: the table stays small without a job of its own.
    await this.db.query(`DELETE FROM dashboard.sessions WHERE expires_at < now()`);
    return secret;
  }

  async find(secret: string | undefined): Promise<Session | null> {
    if (!secret || secret.length > 100) return null;
    const rows: Array<{ id_hash: string; user_id: string; email: string; team_id: string; csrf: string }> =
      await this.db.query(
        `SELECT id_hash, user_id, email, team_id, csrf FROM dashboard.sessions WHERE id_hash = $1 AND expires_at > now()`,
        [sha256(secret)],
      );
    const row = rows[0];
    return row
      ? { idHash: row.id_hash, userId: row.user_id, email: row.email, teamId: row.team_id, csrf: row.csrf }
      : null;
  }

  async switchTeam(session: Session, teamId: string): Promise<void> {
    await this.db.query(`UPDATE dashboard.sessions SET team_id = $2 WHERE id_hash = $1`, [session.idHash, teamId]);
  }

  async end(session: Session): Promise<void> {
    await this.db.query(`DELETE FROM dashboard.sessions WHERE id_hash = $1`, [session.idHash]);
  }

  static csrfValid(session: Session, presented: unknown): boolean {
    return typeof presented === 'string' && constantTimeEqual(session.csrf, presented);
  }
}
