import { Get, Res } from '@nestjs/common';
import { type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { sendCsv } from '../web/csv.js';
import { DashboardPage, FormQuery, ShowPage } from '../web/form-input.js';
import { auditLogPage } from './audit.view.js';
import { AuditFilterQuery } from './dto/audit-filter.query.dto.js';
import { ExportAuditLog } from './export-audit-log.use-case.js';
import { ShowAuditLog } from './show-audit-log.use-case.js';

/**
 * The audit log: every change people made in the dashboard and every change made through the REST API (by
 * `API key <name>` or `App <client id>`, api-change.handler.ts), filterable by area, actor and days; CSV export.
 */
@DashboardPage('audit')
export class AuditController {
  constructor(
    private readonly auditLog: ShowAuditLog,
    private readonly auditExport: ExportAuditLog,
  ) {}

  @ShowPage()
  async list(@CurrentViewer() viewer: SignedInViewer, @FormQuery(AuditFilterQuery) query: AuditFilterQuery) {
    return auditLogPage(viewer, await this.auditLog.execute(viewer.teamId, query.filter));
  }

  @Get('export.csv')
  async export(
    @CurrentViewer() viewer: SignedInViewer,
    @FormQuery(AuditFilterQuery) query: AuditFilterQuery,
    @Res() res: Response,
  ) {
    const { headers, rows } = await this.auditExport.execute(viewer.teamId, query.filter);
    sendCsv(res, 'audit-log.csv', headers, rows);
  }
}
