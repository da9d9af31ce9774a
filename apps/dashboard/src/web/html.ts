import { escapeHtml } from '@cps/domain';
/**
 * HTML from template literals: every interpolated value is escaped unless it is already `Html` (made by `html`
 * or `raw`), so a page cannot forget to escape. Arrays are joined.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new Html(out);
}

/** Markup the code itself made (never user input). */
export function raw(markup: string): Html {
  return new Html(markup);
}

export type Cell = Html | string | number | null | undefined;

/** A header as plain text, for the label a cell shows on a phone (where each row is a card). */
function label(header: Cell): Cell {
  return header instanceof Html ? raw(header.value.replace(/<[^>]*>/g, '').trim()) : header;
}

/** The start of a table's CSV link; `tableExports` (table-csv.ts) completes it with the page's own query. */
export const CSV_LINK = '?format=csv&amp;table=';

/**
 * A data table: column headers (`scope=col`), one row per entry, an optional caption. On a phone each row becomes
 * a card whose cells carry their column's name (`data-label`), so actions stay in view without scrolling sideways.
 * `exportAs` names the table for its "Download CSV" link (the same page with `?format=csv&table=<name>`).
 */
export function table(headers: Cell[], rows: Cell[][], caption?: string, exportAs?: string): Html {
  const labels = headers.map(label);
  return html`<div class="table-wrap">
      <table ${exportAs ? html`data-csv="${exportAs}"` : ''}>
        ${
          caption
            ? html`<caption class="muted">
                ${caption}
              </caption>`
            : ''
        }
        <thead>
          <tr>
            ${headers.map((header) => html`<th scope="col">${header}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (row) =>
              html`<tr>
                ${row.map((cell, index) => html`<td data-label="${labels[index]}">${cell}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${exportAs ? html`<p class="table-export"><a href="${raw(CSV_LINK)}${exportAs}" download>Download CSV</a></p>` : ''}`;
}

/** `table` of the rows, or `empty` (what the page says instead) when there are none. */
export function tableOr(empty: Html, headers: Cell[], rows: Cell[][], caption?: string, exportAs?: string): Html {
  return rows.length === 0 ? empty : table(headers, rows, caption, exportAs);
}
