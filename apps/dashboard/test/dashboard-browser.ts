import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Page } from 'playwright-core';
import { accessibilityProblems } from '@cps/testing';

/**
 * The screenshots linked from apps/dashboard/README.md: taken by a run with `UPDATE_SCREENSHOTS=1` (a plain run, as
 * in CI, scans every page the same way and leaves them out, a few seconds less per page).
 */
export const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');
const TAKE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

/**
 * Prepares a dashboard page for a journey: confirmations are accepted, the screenshot folder exists, and script
 * errors and failed loads are collected in the returned list (which a test expects empty at its end). Refusals the
 * journeys provoke (401, 403, 404, 422) are asserted where they happen, so 4xx loads are not problems.
 */
export function watchDashboardPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource: .* status of 4\d\d/.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
  if (TAKE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
  return problems;
}

/** How much wider than the window the page is (0: no sideways scrolling). */
export function overflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;
}

/**
 * Every way a page is checked: axe-core with every WCAG 2.x A/AA tag (no serious or critical finding) in light and
 * dark at 1280 px and at 375 px, no sideways scrolling at 375 px, and, unless `shot` is null, its screenshots in
 * light, dark and on a phone (`dashboard-<name>.png`, `-dark.png`, `-phone.png`). The page is left at 1280 px in
 * light. Answers the problems found (the test expects none).
 */
export async function checkPageEveryWay(page: Page, shot: string | null): Promise<string[]> {
  const name = TAKE_SCREENSHOTS ? shot : null;
  const problems = await accessibilityProblems(page);
  if (name) {
    await page.screenshot({ path: resolve(SCREENSHOTS, `dashboard-${name}.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: resolve(SCREENSHOTS, `dashboard-${name}-dark.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize(PHONE);
  try {
    problems.push(...(await accessibilityProblems(page)).map((problem) => `375 px: ${problem}`));
    const wider = await overflow(page);
    if (wider > 0) problems.push(`375 px: ${page.url()} is ${wider} px wider than the window`);
    if (name) await page.screenshot({ path: resolve(SCREENSHOTS, `dashboard-${name}-phone.png`), fullPage: true });
  } finally {
    await page.setViewportSize(DESKTOP);
  }
  return problems;
}
