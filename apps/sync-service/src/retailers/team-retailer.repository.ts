import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { RetailerEntity, TeamRetailerEntity } from './retailer.entity.js';

/** A catalog retailer as one team sees it: `configuration` is null while it is not enabled. */
export interface TeamRetailerView {
  retailer: RetailerEntity;
  configuration: TeamRetailerEntity | null;
}

export type RetailerListFilter = 'enabled' | 'all';

interface JoinedRow {
  id: string;
  name: string;
  status: RetailerEntity['status'];
  brand_color: string;
  link_id: string | null;
  link_visibility: TeamRetailerEntity['linkVisibility'] | null;
  allowed_emails: string[] | null;
  allowed_domains: string[] | null;
  enabled_at: Date | null;
}

@Injectable()
export class TeamRetailerRepository {
  constructor(
    @InjectRepository(TeamRetailerEntity)
    private readonly teamRetailers: Repository<TeamRetailerEntity>,
  ) {}

  /**
   * `enabled`: the team's enabled retailers. `all`: every retailer the platform offers (not inactive).
   * Sorted by name, ignoring case.
   */
  async list(teamId: string, filter: RetailerListFilter): Promise<TeamRetailerView[]> {
    const join = filter === 'enabled' ? 'JOIN' : 'LEFT JOIN';
    const where = filter === 'enabled' ? '' : `WHERE r.status <> 'inactive'`;
    const rows: JoinedRow[] = await this.teamRetailers.query(
      `SELECT r.id, r.name, r.status, r.brand_color,
              tr.link_id, tr.link_visibility, tr.allowed_emails, tr.allowed_domains, tr.enabled_at
         FROM sync.retailers r
         ${join} sync.team_retailers tr ON tr.retailer_id = r.id AND tr.team_id = $1
         ${where}
        ORDER BY lower(r.name), r.id`,
      [teamId],
    );
    return rows.map((row) => toView(teamId, row));
  }

  /** The team's configuration of the retailer; inside `tx` it is share-locked until commit. */
  async find(teamId: string, retailerId: string, tx?: EntityManager): Promise<TeamRetailerEntity | null> {
    if (!tx) return this.teamRetailers.findOneBy({ teamId, retailerId });
    return tx.findOne(TeamRetailerEntity, { where: { teamId, retailerId }, lock: { mode: 'pessimistic_read' } });
  }

  /** The configuration a retailer's `link_url` names (any team: the link id is the credential). */
  async findByLinkId(linkId: string): Promise<TeamRetailerEntity | null> {
    return this.teamRetailers.findOneBy({ linkId });
  }

  /**
   * Serialises changes to one team's configuration of one retailer until `tx` ends. An advisory lock,
   * because while the retailer is disabled there is no row to lock.
   */
  async lockForChange(tx: EntityManager, teamId: string, retailerId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `sync.team_retailers:${teamId}:${retailerId}`,
    ]);
  }

  /** Creates the configuration; the caller holds lockForChange and saw none. */
  async enable(tx: EntityManager, configuration: TeamRetailerEntity): Promise<void> {
    await tx.insert(TeamRetailerEntity, configuration);
  }

  /** Replaces the link settings; the link id and enablement time stay. */
  async updateLinkSettings(
    tx: EntityManager,
    teamId: string,
    retailerId: string,
    settings: Pick<TeamRetailerEntity, 'linkVisibility' | 'allowedEmails' | 'allowedDomains'>,
  ): Promise<void> {
    await tx.update(TeamRetailerEntity, { teamId, retailerId }, settings);
  }

  async disable(tx: EntityManager, teamId: string, retailerId: string): Promise<void> {
    await tx.delete(TeamRetailerEntity, { teamId, retailerId });
  }
}

function toView(teamId: string, row: JoinedRow): TeamRetailerView {
  const retailer: RetailerEntity = { id: row.id, name: row.name, status: row.status, brandColor: row.brand_color };
  if (row.link_id === null || row.link_visibility === null || row.enabled_at === null) {
    return { retailer, configuration: null };
  }
  return {
    retailer,
    configuration: {
      teamId,
      retailerId: row.id,
      linkId: row.link_id,
      linkVisibility: row.link_visibility,
      allowedEmails: row.allowed_emails ?? [],
      allowedDomains: row.allowed_domains ?? [],
      enabledAt: row.enabled_at,
    },
  };
}
