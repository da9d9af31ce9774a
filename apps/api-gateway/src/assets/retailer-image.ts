import { type ImageKind, type ImageTheme } from '../retailers/public-retailer.js';

export interface ImageSubject {
  name: string;
  /** `#rrggbb` */
  brandColor: string;
}

const FILE = /^(logo|icon)-(light|dark)\.svg$/;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#111827';
const PAPER = '#ffffff';

/** `logo-dark.svg` -> { kind: 'logo', theme: 'dark' }; null for any other name. */
export function parseImageFile(file: string): { kind: ImageKind; theme: ImageTheme } | null {
  const match = FILE.exec(file);
  return match ? { kind: match[1] as ImageKind, theme: match[2] as ImageTheme } : null;
}

/**
 * A retailer image drawn from its name and brand colour. Icon: a rounded square with the initial. Logo:
 * the same mark followed by the name. The theme is the background it is shown on: the name takes the
 * brand colour when that is legible there, and ink or white otherwise.
 */
export function renderRetailerImage(subject: ImageSubject, kind: ImageKind, theme: ImageTheme): string {
  const brand = subject.brandColor.toLowerCase();
  const background = theme === 'light' ? PAPER : INK;
  const initial = escapeXml((Array.from(subject.name.trim())[0] ?? '?').toUpperCase());
  const name = escapeXml(subject.name);
  const initialColor = contrast(brand, PAPER) >= contrast(brand, INK) ? PAPER : INK;
  // A brand colour that disappears into the background gets an outline.
  const outline =
    contrast(brand, background) < 1.5
      ? ` stroke="${theme === 'light' ? INK : PAPER}" stroke-opacity="0.3" stroke-width="2"`
      : '';
  const mark = (x: number, y: number, size: number) =>
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${round(size * 0.22)}" fill="${brand}"${outline}/>` +
    `<text x="${x + size / 2}" y="${y + size / 2}" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${round(size * 0.55)}" font-weight="700" fill="${initialColor}">${initial}</text>`;

  if (kind === 'icon') {
    return svg(64, 64, subject.name, mark(0, 0, 64));
  }
  const textColor = contrast(brand, background) >= 3 ? brand : theme === 'light' ? INK : PAPER;
  const width = Math.min(64 + Math.ceil(Array.from(subject.name).length * 17) + 16, 640);
  const text = `<text x="64" y="32" dy="0.35em" font-family="${FONT}" font-size="28" font-weight="700" fill="${textColor}">${name}</text>`;
  return svg(width, 64, subject.name, mark(8, 8, 48) + text);
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
