import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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

  /** The teams a user belongs to, by name. */
  async teamsOf(userId: string): Promise<Array<{ id: string; name: string }>> {
    return this.dataSource.query(
      `SELECT t.id, t.name FROM auth.memberships m JOIN auth.teams t ON t.id = m.team_id
       WHERE m.user_id = $1 ORDER BY t.name, t.id`,
      [userId],
    );
  }

  /** The team's members, oldest membership first. */
  async membersOf(teamId: string): Promise<Array<{ user_id: string; email: string; joined_at: Date }>> {
    return this.dataSource.query(
      `SELECT u.id AS user_id, u.email, m.created_at AS joined_at
       FROM auth.memberships m JOIN auth.users u ON u.id = m.user_id
       WHERE m.team_id = $1 ORDER BY m.created_at, u.email`,
      [teamId],
    );
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
