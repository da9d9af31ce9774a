import { html, table } from '../web/html.js';
import { page, type Viewer } from '../web/layout.js';
import { AUDIT_AREAS } from './audit-log.js';
import { type AuditLogView } from './show-audit-log.use-case.js';

export function auditLogPage(viewer: Viewer, { filter, actors, exportQuery, entries, truncatedAt }: AuditLogView) {
  return page(
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
            ${actors.map((actor) => html`<option ${actor === filter.actor ? html` selected` : ''}>${actor}</option>`)}
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
