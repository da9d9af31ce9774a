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
