import { html, type Html } from '../web/html.js';

export interface ChartDay {
  date: string;
  purchases: number;
  spend: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 56;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;
const X_TICKS = 6;

/** 1, 2 or 5 times a power of ten: the step of at most four intervals that reach `max`. */
export function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  return Math.max(1, step);
}

/** The y-axis ticks: 0 up to the first multiple of the step at or above the highest day. */
export function yTicks(max: number): number[] {
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/** Indexes of the days labelled on the x axis: the first, the last and evenly spaced ones between. */
export function xTickIndexes(days: number): number[] {
  if (days <= X_TICKS) return Array.from({ length: days }, (_, index) => index);
  const every = (days - 1) / (X_TICKS - 1);
  return Array.from({ length: X_TICKS }, (_, index) => Math.round(index * every));
}

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Purchases per day as an SVG bar chart drawn on the server (no script): y-axis ticks with grid lines, dated x-axis
 * ticks, a bar per day whose `<title>` gives its date, purchases and spend on hover, and the totals in `<desc>`
 * and under the chart for everyone.
 */
export function purchasesChart(days: ChartDay[]): Html {
  const total = days.reduce((sum, day) => sum + day.purchases, 0);
  const max = Math.max(0, ...days.map((day) => day.purchases));
  const ticks = yTicks(max);
  const top = ticks.at(-1)!;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - LEFT - RIGHT) / Math.max(1, days.length);
  const y = (value: number) => HEIGHT - BOTTOM - (plotHeight * value) / top;
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const busiest = days.find((day) => day.purchases === max);
  const description =
    `${total} purchases from ${first} to ${last}; at most ${max} on one day` + (busiest ? ` (${busiest.date}).` : '.');
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc">
      <title id="chart-title">Purchases per day</title>
      <desc id="chart-desc">${description}</desc>
      <g class="y-axis">
        ${ticks.map(
          (tick) =>
            html`<line class="grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(tick)}" y2="${y(tick)}"></line>
              <text class="y-tick" x="${LEFT - 6}" y="${y(tick) + 4}" text-anchor="end">${tick}</text>`,
        )}
      </g>
      <g class="bars">
        ${days.map((day, index) => {
          const height = HEIGHT - BOTTOM - y(day.purchases);
          return html`<rect
            class="bar"
            x="${(LEFT + index * step + step * 0.1).toFixed(1)}"
            y="${y(day.purchases).toFixed(1)}"
            width="${Math.max(1, step * 0.8).toFixed(1)}"
            height="${height.toFixed(1)}"
            ><title>${day.date}: ${day.purchases} purchases, ${day.spend} spend</title></rect
          >`;
        })}
      </g>
      <g class="x-axis">
        ${xTickIndexes(days.length).map((index, tick, ticks) => {
          const x = LEFT + index * step + step / 2;
          // The outer labels stay inside the drawing.
          const anchor =
            ticks.length > 1 && tick === 0 ? 'start' : tick === ticks.length - 1 && tick > 0 ? 'end' : 'middle';
          return html`<line
              x1="${x.toFixed(1)}"
              x2="${x.toFixed(1)}"
              y1="${HEIGHT - BOTTOM}"
              y2="${HEIGHT - BOTTOM + 4}"
            ></line>
            <text class="x-tick" x="${x.toFixed(1)}" y="${HEIGHT - 8}" text-anchor="${anchor}"
              >${shortDate(days[index]!.date)}</text
            >`;
        })}
      </g>
    </svg>
    <p class="muted chart-total">${total} purchases in ${days.length} days; at most ${max} on one day.</p>`;
}
