import { toPublicConnectionStatus } from '@cps/contracts';
import { html, type Html } from './html.js';

/** A status as a badge; a connection's by the public status rule (`revoked` is shown as `disconnected`). */
export function statusBadge(status: string): Html {
  const shown = toPublicConnectionStatus(status);
  return html`<span class="status status-${shown}">${shown}</span>`;
}
