import { html, type Html } from '../web/html.js';

/**
 * Purchases per day as an SVG bar chart, drawn here (no script): a bar per day, the highest day labelled,
 * and a table-equivalent summary for screen readers (`<title>`/`<desc>`).
 */
export function purchasesChart(days: Array<{ date: string; purchases: number }>): Html {
  const width = 720;
  const height = 200;
  const top = 16;
  const bottom = 24;
  const max = Math.max(1, ...days.map((day) => day.purchases));
  const step = width / Math.max(1, days.length);
  const total = days.reduce((sum, day) => sum + day.purchases, 0);
  const bars = days.map((day, index) => {
    const barHeight = Math.round(((height - top - bottom) * day.purchases) / max);
    const x = (index * step).toFixed(1);
    const y = height - bottom - barHeight;
    return html`<rect class="bar" x="${x}" y="${y}" width="${Math.max(1, step - 1).toFixed(1)}" height="${barHeight}"
      ><title>${day.date}: ${day.purchases}</title></rect
    >`;
  });
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return html`<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc">
    <title id="chart-title">Purchases per day</title>
    <desc id="chart-desc">${total} purchases from ${first} to ${last}; at most ${max} on one day.</desc>
    <line x1="0" y1="${height - bottom}" x2="${width}" y2="${height - bottom}"></line>
    <text x="0" y="${top - 4}">${max}</text>
    ${bars}
    <text x="0" y="${height - 6}">${first}</text>
    <text x="${width}" y="${height - 6}" text-anchor="end">${last}</text>
  </svg>`;
}
