import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AuthContracts } from '@cps/contracts';

type TeamRole = AuthContracts.TeamRole;
import { DataSource, type EntityManager } from 'typeorm';

export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: TeamRole;
  created_at: Date;
  expires_at: Date;
}

/** A team's people: members' roles and invitations (`auth.memberships.role`, `auth.invitations`). */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('READ COMMITTED', work);
  }

  async roleOf(
    teamId: string,
    userId: string,
    db: DataSource | EntityManager = this.dataSource,
  ): Promise<TeamRole | null> {
    const rows: Array<{ role: TeamRole }> = await db.query(
      `SELECT role FROM auth.memberships WHERE team_id = $1 AND user_id = $2`,
      [teamId, userId],
    );
    return rows[0]?.role ?? null;
  }

  /** Every member's role, locked for the transaction (so two changes cannot both remove the last owner). */
  async lockRoles(tx: EntityManager, teamId: string): Promise<Map<string, TeamRole>> {
    const rows: Array<{ user_id: string; role: TeamRole }> = await tx.query(
      `SELECT user_id, role FROM auth.memberships WHERE team_id = $1 ORDER BY user_id FOR UPDATE`,
      [teamId],
    );
    return new Map(rows.map((row) => [row.user_id, row.role]));
  }

  async setRole(tx: EntityManager, teamId: string, userId: string, role: TeamRole): Promise<void> {
    await tx.query(`UPDATE auth.memberships SET role = $3 WHERE team_id = $1 AND user_id = $2`, [teamId, userId, role]);
  }

  async remove(tx: EntityManager, teamId: string, userId: string): Promise<void> {
    await tx.query(`DELETE FROM auth.memberships WHERE team_id = $1 AND user_id = $2`, [teamId, userId]);
  }

  async addMember(tx: EntityManager, teamId: string, userId: string, role: TeamRole): Promise<void> {
    await tx.query(
      `INSERT INTO auth.memberships (user_id, team_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, team_id) DO NOTHING`,
      [userId, teamId, role],
    );
  }

  async isMemberByEmail(teamId: string, email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM auth.memberships m JOIN auth.users u ON u.id = m.user_id
       WHERE m.team_id = $1 AND lower(u.email) = lower($2)`,
      [teamId, email],
    );
    return rows.length > 0;
  }

  async createInvitation(
    invitation: Omit<InvitationRow, 'created_at'> & { token_hash: string; invited_by: string },
  ): Promise<InvitationRow> {
    const rows: InvitationRow[] = await this.dataSource.query(
      `INSERT INTO auth.invitations (id, team_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, team_id, email, role, created_at, expires_at`,
      [
        invitation.id,
        invitation.team_id,
        invitation.email,
        invitation.role,
        invitation.token_hash,
        invitation.invited_by,
        invitation.expires_at,
      ],
    );
    return rows[0]!;
  }

  async pendingInvitations(teamId: string, now: Date): Promise<InvitationRow[]> {
    return this.dataSource.query(
      `SELECT id, team_id, email, role, created_at, expires_at FROM auth.invitations
       WHERE team_id = $1 AND accepted_at IS NULL AND expires_at > $2 ORDER BY created_at DESC LIMIT 100`,
      [teamId, now],
    );
  }

  /** A usable invitation by its link's hash (not accepted, not expired), with its team's name; locked in `tx`. */
  async usableInvitation(
    tokenHash: string,
    now: Date,
    tx?: EntityManager,
  ): Promise<(InvitationRow & { team_name: string }) | null> {
    const lock = tx !== undefined;
    const rows: Array<InvitationRow & { team_name: string }> = await (tx ?? this.dataSource).query(
      `SELECT i.id, i.team_id, i.email, i.role, i.created_at, i.expires_at, t.name AS team_name
       FROM auth.invitations i JOIN auth.teams t ON t.id = i.team_id
       WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2${lock ? ' FOR UPDATE OF i' : ''}`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  }

  async markAccepted(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.query(`UPDATE auth.invitations SET accepted_at = $2 WHERE id = $1`, [id, now]);
  }
}
