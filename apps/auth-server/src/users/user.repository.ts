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
