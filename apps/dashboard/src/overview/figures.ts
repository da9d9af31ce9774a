import { type SyncContracts } from '@cps/contracts';
import { html, type Html } from '../web/html.js';
import { delta } from './overview-range.js';

const count = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure as the overview shows it: counts with thousands separators, spend with two decimals. */
export function shown(value: number, kind: 'count' | 'money'): string {
  return kind === 'money' ? money.format(value) : count.format(value);
}

/** The change from the previous period in words: `+234 (+23.4%)`, `-3 (-50%)`, `+5 (none before)`, `no change`. */
export function change(current: number, previous: number, kind: 'count' | 'money'): string {
  const { absolute, percent } = delta(current, previous);
  if (absolute === 0) return 'no change';
  const sign = absolute > 0 ? '+' : '-';
  const amount = `${sign}${shown(Math.abs(kind === 'money' ? Math.round(absolute * 100) / 100 : absolute), kind)}`;
  return percent === null ? `${amount} (none before)` : `${amount} (${percent > 0 ? '+' : ''}${percent}%)`;
}

type FigureName = keyof SyncContracts.OverviewFigures;

/** The key figures, in the order shown. */
export const FIGURES: Array<{ name: FigureName; label: string; kind: 'count' | 'money' }> = [
  { name: 'purchases', label: 'Purchases', kind: 'count' },
  { name: 'shoppers', label: 'Shoppers', kind: 'count' },
  { name: 'spend', label: 'Spend', kind: 'money' },
  { name: 'units', label: 'Units', kind: 'count' },
  { name: 'new_links', label: 'New links', kind: 'count' },
  { name: 'disconnections', label: 'Disconnections', kind: 'count' },
];

export const valueOf = (figures: SyncContracts.OverviewFigures, name: FigureName) => Number(figures[name]);

/** A card per key figure: its value, the change and the previous period's value. */
export function figureCards(current: SyncContracts.OverviewFigures, previous: SyncContracts.OverviewFigures): Html {
  return html`<div class="grid figures">
    ${FIGURES.map(({ name, label, kind }) => {
      const now = valueOf(current, name);
      const before = valueOf(previous, name);
      const direction = now > before ? 'up' : now < before ? 'down' : 'same';
      return html`<div class="card figure" id="figure-${name}">
        <h3>${label}</h3>
        <p class="figure-value">${shown(now, kind)}</p>
        <p class="delta delta-${direction}">${change(now, before, kind)}</p>
        <p class="muted previous">Previous period: ${shown(before, kind)}</p>
      </div>`;
    })}
  </div>`;
}
