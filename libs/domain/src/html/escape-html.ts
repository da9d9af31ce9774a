/** Text for HTML (element content and quoted attribute values): the characters that could end either, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
