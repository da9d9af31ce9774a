/** A URL a caller gave, checked: the URL to keep, or why it is refused (for the error body). */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * The checks every URL a caller gives starts with (a link's `redirect_url`, a webhook's URL): trimmed, not empty, at
 * most `maxLength` characters, absolute. Each reason starts with `label`; `empty` ends the one for an empty URL.
 */
export function parseGivenUrl(
  raw: string,
  rules: { label: string; maxLength: number; empty: string },
): { ok: true; text: string; url: URL } | { ok: false; reason: string } {
  const { label, maxLength } = rules;
  const text = raw.trim();
  if (text.length === 0) return { ok: false, reason: `${label} ${rules.empty}` };
  if (text.length > maxLength) return { ok: false, reason: `${label} must be at most ${maxLength} characters` };
  try {
    return { ok: true, text, url: new URL(text) };
  } catch {
    return { ok: false, reason: `${label} must be an absolute http(s) URL` };
  }
}
