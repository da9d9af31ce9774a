import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { AdOptOutEntity } from './ad-opt-out.entity.js';
import { optOutEmailHash } from './opt-out-email-hash.js';

/** Ad-sharing opt-outs, per team, by email hash. */
@Injectable()
export class AdOptOutRepository {
  constructor(
    @InjectRepository(AdOptOutEntity)
    private readonly optOuts: Repository<AdOptOutEntity>,
  ) {}

  /** Records the opt-out; recording it again keeps the first `created_at`. */
  async record(teamId: string, emailHash: string, at: Date): Promise<void> {
    await this.optOuts.createQueryBuilder().insert().values({ teamId, emailHash, createdAt: at }).orIgnore().execute();
  }

  /**
   * Whether the team's shopper with this email opted out of ad sharing (case and surrounding whitespace
   * ignored). For ad-platform delivery, which must check this before sharing; pass the delivery's
   * transaction so the check and the delivery see the same state.
   */
  async isOptedOut(teamId: string, email: string, manager: EntityManager = this.optOuts.manager): Promise<boolean> {
    const emailHash = optOutEmailHash(email);
    if (emailHash === null) return false;
    return manager.existsBy(AdOptOutEntity, { teamId, emailHash });
  }
}
