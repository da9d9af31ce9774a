import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AuthContracts } from '@cps/contracts';

type TeamRole = AuthContracts.TeamRole;
import { DataSource } from 'typeorm';
import { MembershipEntity, UserEntity } from './user.entity.js';

@Injectable()
export class UserRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async emailTaken(email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM auth.users WHERE lower(email) = lower($1)`, [
      email,
    ]);
    return rows.length > 0;
  }

  async findByEmail(email: string): Promise<{ id: string; passwordHash: string } | null> {
    const rows: Array<{ id: string; password_hash: string }> = await this.dataSource.query(
      `SELECT id, password_hash FROM auth.users WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ? { id: rows[0].id, passwordHash: rows[0].password_hash } : null;
  }

  async findById(id: string): Promise<{ id: string; email: string } | null> {
    const rows: Array<{ id: string; email: string }> = await this.dataSource.query(
      `SELECT id, email FROM auth.users WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async exists(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM auth.users WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** The teams a user belongs to, by name, with the user's role in each. */
  async teamsOf(userId: string): Promise<Array<{ id: string; name: string; role: TeamRole }>> {
    return this.dataSource.query(
      `SELECT t.id, t.name, m.role FROM auth.memberships m JOIN auth.teams t ON t.id = m.team_id
       WHERE m.user_id = $1 ORDER BY t.name, t.id`,
      [userId],
    );
  }

  /** The team's members (or the one `userId`), oldest membership first. */
  async membersOf(
    teamId: string,
    userId?: string,
  ): Promise<Array<{ user_id: string; email: string; role: TeamRole; joined_at: Date }>> {
    return this.dataSource.query(
      `SELECT u.id AS user_id, u.email, m.role, m.created_at AS joined_at
       FROM auth.memberships m JOIN auth.users u ON u.id = m.user_id
       WHERE m.team_id = $1 AND ($2::text IS NULL OR m.user_id = $2) ORDER BY m.created_at, u.email`,
      [teamId, userId ?? null],
    );
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE auth.users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
  }

  async createWithMemberships(user: Omit<UserEntity, 'createdAt'>, teamIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(UserEntity, user);
      await manager.insert(
        MembershipEntity,
        teamIds.map((teamId) => ({ userId: user.id, teamId })),
      );
    });
  }
}
