import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Page } from 'playwright-core';

/** Committed screenshots are refreshed only on request (`UPDATE_SCREENSHOTS=1`); a plain run writes to `.data/`. */
export const SCREENSHOTS = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../../docs/screenshots' : '../../../.data/screenshots',
);

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
  mkdirSync(SCREENSHOTS, { recursive: true });
  return problems;
}
