import { escapeHtml } from './escape-html.js';

/**
 * A server-rendered page of one card (the link flow, the storefront settings): the title escaped, `style` and
 * `body` as given (already HTML), `head` added to the head; not indexed, and no referrer beyond the site.
 */
export function cardPage(title: string, style: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main><div class="card">
${body}
</div></main></body></html>`;
}
