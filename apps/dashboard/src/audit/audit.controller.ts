import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { sendCsv } from '../web/csv.js';
import { field, type Form } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { page } from '../web/layout.js';
import { AUDIT_AREAS, AuditLog, type AuditArea, type AuditFilter } from './audit-log.js';

const PAGE_SIZE = 200;
const EXPORT_SIZE = 10_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filterOf(query: Form): AuditFilter {
  const area = field(query, 'area');
  const actor = field(query, 'actor');
  const from = field(query, 'from');
  const to = field(query, 'to');
  return {
    ...(area in AUDIT_AREAS ? { area: area as AuditArea } : {}),
    ...(actor ? { actor: actor.slice(0, 254) } : {}),
    ...(DAY.test(from) && !Number.isNaN(Date.parse(from)) ? { from } : {}),
    ...(DAY.test(to) && !Number.isNaN(Date.parse(to)) ? { to } : {}),
  };
}

function filterQuery(filter: AuditFilter): string {
  return new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as Array<[string, string]>).toString();
}

/**
 * The audit log: every change people made in the dashboard and every change made through the REST API (by
 * `API key <name>` or `App <client id>`, api-change.handler.ts), filterable by area, actor and days; CSV export.
 */
@Controller('audit')
@UseGuards(SignedIn)
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    const filter = filterOf(query);
    const [entries, actors] = await Promise.all([
      this.audit.list(viewer.teamId, filter, PAGE_SIZE),
      this.audit.actors(viewer.teamId),
    ]);
    const exportQuery = filterQuery(filter);
    res.type('html').send(
      page(
        viewer,
        { title: 'Audit log', section: '/audit' },
        html`<form class="card filters" method="get" action="/audit" role="search">
            <div>
              <label for="area">Area</label
              ><select id="area" name="area">
                <option value="">All</option>
                ${Object.entries(AUDIT_AREAS).map(
                  ([value, label]) =>
                    html`<option value="${value}" ${value === filter.area ? html` selected` : ''}>${label}</option>`,
                )}
              </select>
            </div>
            <div>
              <label for="actor">Person</label
              ><select id="actor" name="actor">
                <option value="">Anyone</option>
                ${actors.map(
                  (actor) => html`<option ${actor === filter.actor ? html` selected` : ''}>${actor}</option>`,
                )}
              </select>
            </div>
            <div>
              <label for="from">From</label><input id="from" name="from" type="date" value="${filter.from ?? ''}" />
            </div>
            <div><label for="to">To</label><input id="to" name="to" type="date" value="${filter.to ?? ''}" /></div>
            <div>
              <button type="submit">Filter</button> <a class="button secondary" href="/audit">Clear</a>
              <a class="button secondary" href="/audit/export.csv${exportQuery ? `?${exportQuery}` : ''}">Export CSV</a>
            </div>
          </form>
          ${
            entries.length === 0
              ? html`<p class="card">No changes match.</p>`
              : html`<div class="card">
                  ${table(
                    ['When', 'Person', 'Area', 'Change', 'Made to'],
                    entries.map((entry) => [
                      `${entry.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
                      entry.actor_email,
                      AUDIT_AREAS[entry.area] ?? entry.area,
                      entry.action,
                      html`<span class="mono">${entry.target}</span>`,
                    ]),
                    `Newest first${entries.length === PAGE_SIZE ? `, the latest ${PAGE_SIZE} (the CSV has more)` : ''}`,
                  )}
                </div>`
          }`,
      ),
    );
  }

  @Get('export.csv')
  async export(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    const entries = await this.audit.list(viewer.teamId, filterOf(query), EXPORT_SIZE);
    sendCsv(
      res,
      'audit-log.csv',
      ['at', 'person', 'area', 'change', 'made_to'],
      entries.map((entry) => [entry.at.toISOString(), entry.actor_email, entry.area, entry.action, entry.target]),
    );
  }
}
