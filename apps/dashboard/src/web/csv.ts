import { type Response } from 'express';

/**
 * A CSV download (RFC 4180: every field quoted, quotes doubled, CRLF). A cell starting with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of running it as a
 * formula (a customer id or a webhook URL is not trusted text).
 */
export function sendCsv(
  res: Response,
  filename: string,
  headers: string[],
  rows: Array<Array<string | number | null>>,
) {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  const body = [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
  res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${filename}"`).send(body);
}
