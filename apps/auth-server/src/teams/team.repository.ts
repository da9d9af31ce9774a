import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
import { In, Repository } from 'typeorm';
import { TeamEntity } from './team.entity.js';

type ProfileFields = Partial<
  Pick<TeamEntity, 'displayName' | 'logoUrl' | 'privacyPolicyUrl' | 'historyWindowDays' | 'redirectOrigins'>
>;

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
    return this.setProfile(id, { displayName, logoUrl });
  }

  /** Changes what the link flow shows of the team (only the given fields); false for an unknown team. */
  async setSharingProfile(
    id: string,
    changes: Pick<ProfileFields, 'displayName' | 'privacyPolicyUrl' | 'historyWindowDays' | 'redirectOrigins'>,
  ): Promise<boolean> {
    if (Object.keys(changes).length === 0) return this.exists(id);
    return this.setProfile(id, changes);
  }

  /** The change and `auth.team-profile.changed.v1` commit together: gateways drop their cached profile. */
  private async setProfile(id: string, changes: ProfileFields): Promise<boolean> {
    return this.teams.manager.transaction(async (tx) => {
      const result = await tx.update(TeamEntity, { id }, changes);
      if ((result.affected ?? 0) === 0) return false;
      await recordEvent(tx, 'auth', AuthContracts.teamProfileChanged, { teamId: id }, { teamId: id });
      return true;
    });
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
