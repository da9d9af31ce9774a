import { Controller, UseGuards } from '@nestjs/common';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { FormQuery, ShowPage } from '../web/form-input.js';
import { OverviewRangeQuery } from './dto/overview-range.query.dto.js';
import { overviewRange } from './overview-range.js';
import { overviewPage } from './overview.view.js';
import { ShowOverview } from './show-overview.use-case.js';

/**
 * Overview of one mode (live or test): key figures over a date range against the previous period of the same
 * length, purchases per day, per retailer, top catalog products, connections by status, webhook delivery and
 * integrations health. Every table downloads as CSV.
 */
@Controller()
@UseGuards(SignedIn)
export class OverviewController {
  constructor(private readonly overview: ShowOverview) {}

  @ShowPage()
  async show(@CurrentViewer() viewer: SignedInViewer, @FormQuery(OverviewRangeQuery) query: OverviewRangeQuery) {
    const range = overviewRange(query, new Date());
    const simulated = viewer.testMode ?? false;
    return overviewPage(viewer, range, simulated, await this.overview.execute(viewer.teamId, simulated, range));
  }
}
