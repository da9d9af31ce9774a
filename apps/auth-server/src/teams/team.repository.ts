import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { TeamEntity } from './team.entity.js';

@Injectable()
export class TeamRepository {
  constructor(
    @InjectRepository(TeamEntity)
    private readonly teams: Repository<TeamEntity>,
  ) {}

  async create(id: string, name: string): Promise<void> {
    await this.teams.insert({ id, name });
  }

  async find(id: string): Promise<TeamEntity | null> {
    return this.teams.findOne({ where: { id } });
  }

  /** Sets the team's rate limit (nulls: the defaults); false for an unknown team. */
  async setRateLimit(id: string, perMinute: number | null, burst: number | null): Promise<boolean> {
    const result = await this.teams.update({ id }, { rateLimitPerMinute: perMinute, rateLimitBurst: burst });
    return (result.affected ?? 0) > 0;
  }

  async setBranding(id: string, displayName: string | null, logoUrl: string | null): Promise<boolean> {
    const result = await this.teams.update({ id }, { displayName, logoUrl });
    return (result.affected ?? 0) > 0;
  }

  /** Changes what the link flow shows of the team (only the given fields); false for an unknown team. */
  async setSharingProfile(
    id: string,
    changes: Partial<Pick<TeamEntity, 'displayName' | 'privacyPolicyUrl' | 'historyWindowDays'>>,
  ): Promise<boolean> {
    if (Object.keys(changes).length === 0) return this.exists(id);
    const result = await this.teams.update({ id }, changes);
    return (result.affected ?? 0) > 0;
  }

  async findName(id: string): Promise<string | null> {
    const team = await this.teams.findOne({ select: { name: true }, where: { id } });
    return team?.name ?? null;
  }

  async exists(id: string): Promise<boolean> {
    return this.teams.existsBy({ id });
  }

  async findExisting(ids: string[]): Promise<string[]> {
    const rows = await this.teams.find({
      select: { id: true },
      where: { id: In(ids) },
    });
    return rows.map((row) => row.id);
  }
}
