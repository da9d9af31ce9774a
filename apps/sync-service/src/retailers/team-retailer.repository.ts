import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
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

  async find(teamId: string, retailerId: string): Promise<TeamRetailerEntity | null> {
    return this.teamRetailers.findOneBy({ teamId, retailerId });
  }

  /** Creates the configuration unless one exists (a concurrent enable won): enabling is idempotent. */
  async enable(configuration: TeamRetailerEntity): Promise<void> {
    await this.teamRetailers.createQueryBuilder().insert().values(configuration).orIgnore().execute();
  }

  async disable(teamId: string, retailerId: string): Promise<void> {
    await this.teamRetailers.delete({ teamId, retailerId });
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
