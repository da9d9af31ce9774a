import { html, table } from '../web/html.js';
import { filterButtons, filterSelect, page, type Viewer } from '../web/layout.js';
import { AUDIT_AREAS } from './audit-log.js';
import { type AuditLogView } from './show-audit-log.use-case.js';

export function auditLogPage(viewer: Viewer, { filter, actors, exportQuery, entries, truncatedAt }: AuditLogView) {
  return page(
    viewer,
    { title: 'Audit log', section: '/audit' },
    html`<form class="card filters" method="get" action="/audit" role="search">
        ${filterSelect('area', 'Area', 'All', Object.entries(AUDIT_AREAS), filter.area)}
        ${filterSelect(
          'actor',
          'Person',
          'Anyone',
          actors.map((actor) => [actor, actor] as const),
          filter.actor,
        )}
        <div>
          <label for="from">From</label><input id="from" name="from" type="date" value="${filter.from ?? ''}" />
        </div>
        <div><label for="to">To</label><input id="to" name="to" type="date" value="${filter.to ?? ''}" /></div>
        ${filterButtons('Filter', '/audit', `/audit/export.csv${exportQuery ? `?${exportQuery}` : ''}`)}
      </form>
      ${
        entries.length === 0
          ? html`<p class="card">No changes match.</p>`
          : html`<div class="card">
              ${table(
                ['When', 'Person', 'Area', 'Change', 'Made to'],
                entries.map((entry) => [
                  entry.at,
                  entry.person,
                  entry.area,
                  entry.change,
                  html`<span class="mono">${entry.madeTo}</span>`,
                ]),
                `Newest first${truncatedAt ? `, the latest ${truncatedAt} (the CSV has more)` : ''}`,
              )}
            </div>`
      }`,
  );
}
