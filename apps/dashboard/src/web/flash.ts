import { type Request, type Response } from 'express';
import { type DashboardConfig } from '../config.js';
import { cookie, readCookie } from '../session/viewer.js';

const FLASH_COOKIE = 'cps_dashboard_once';
const FLASH_SECONDS = 120;
const KINDS = ['api_key', 'webhook', 'test_event', 'invitation', 'webhook_secret'] as const;

/**
 * What a form's answer shows once after its redirect: a new API key or signing secret (`text`) and the webhook it
 * belongs to (`id`), or what an endpoint answered to a test event.
 */
export interface Flash {
  kind: (typeof KINDS)[number];
  text: string;
  id: string;
}

/**
 * Post-redirect-get for answers that cannot go in a URL (a secret, a receiver's error): they ride in a short-lived
 * HttpOnly cookie to the next page, which shows them and clears the cookie, so a refresh neither posts again nor
 * shows them again. The dashboard stores none of it.
 */
export function setFlash(res: Response, config: DashboardConfig, flash: Flash): void {
  const value = Buffer.from(JSON.stringify(flash)).toString('base64url');
  res.append('Set-Cookie', cookie(config, FLASH_COOKIE, value, FLASH_SECONDS));
}

export function takeFlash(req: Request, res: Response, config: DashboardConfig): Flash | null {
  const raw = readCookie(req.headers.cookie, FLASH_COOKIE);
  if (!raw) return null;
  res.append('Set-Cookie', cookie(config, FLASH_COOKIE, '', 0));
  try {
    const flash = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Partial<Flash>;
    const kind = KINDS.find((known) => known === flash.kind);
    if (!kind || typeof flash.text !== 'string' || typeof flash.id !== 'string') return null;
    return { kind, text: flash.text, id: flash.id };
  } catch {
    return null;
  }
}
