import { type NextFunction, type Request, type Response } from 'express';
import { sendCsv } from './csv.js';
import { CSV_LINK } from './html.js';

export interface TableData {
  headers: string[];
  rows: string[][];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** What a reader sees of a cell's markup: its text, forms (action buttons) left out, whitespace collapsed. */
function text(markup: string): string {
  return markup
    .replace(/<form[\s\S]*?<\/form>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const cells = (row: string, tag: 'th' | 'td') =>
  [...row.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => text(match[1]!));

/** The table named `name` of a page the dashboard rendered (`table(..., exportAs)`), as its header and rows. */
export function tableOf(page: string, name: string): TableData | null {
  const found = page.match(
    new RegExp(`<table data-csv="${name.replace(/[^a-z0-9-]/g, '')}"[^>]*>([\\s\\S]*?)</table>`),
  );
  if (!found || !/^[a-z0-9-]+$/.test(name)) return null;
  const [head = '', body = ''] = found[1]!.split('</thead>');
  return {
    headers: cells(head, 'th'),
    rows: [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => cells(row[1]!, 'td')),
  };
}

/**
 * CSV export of any table a page shows: `GET <page>?<its query>&format=csv&table=<name>` renders the page as usual
 * and answers that table as CSV (`sendCsv`: quoted, formulas neutralised) instead; on every other page view, each
 * table's "Download CSV" link is completed with the page's own query (filters, date range), so the file holds
 * exactly the rows on screen.
 */
export function tableExports() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const url = new URL(req.originalUrl, 'http://dashboard');
    const wanted = url.searchParams.get('format') === 'csv' ? (url.searchParams.get('table') ?? '') : null;
    url.searchParams.delete('format');
    url.searchParams.delete('table');
    const query = url.searchParams.toString().replace(/&/g, '&amp;');
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = send;
      if (typeof body !== 'string' || !/^text\/html/.test(String(res.get('Content-Type')))) return send(body);
      const data = wanted !== null && res.statusCode === 200 ? tableOf(body, wanted) : null;
      if (data) {
        const page = url.pathname.split('/').filter(Boolean).join('-') || 'overview';
        sendCsv(res, `${page}-${wanted}.csv`, data.headers, data.rows);
        return res;
      }
      return send(body.replaceAll(`href="${CSV_LINK}`, `href="?${query ? `${query}&amp;` : ''}format=csv&amp;table=`));
    };
    next();
  };
}
