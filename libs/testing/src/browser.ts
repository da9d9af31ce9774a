import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Headless Debian chromium (CHROMIUM_PATH to use another) for the browser tests, through playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Every WCAG 2.x level A and AA rule set of axe-core, and its best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core's serious and critical findings on the page, in light and in dark (evaluated over CDP: pages whose CSP
 * allows no injected script are scanned too); the page is left in light.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(axeSource);
    // Only violations are collected (`resultTypes`): listing every passing node is most of a scan's time.
    const violations = (await page.evaluate(
      `axe.run(document, { runOnly: ${JSON.stringify(AXE_TAGS)}, resultTypes: ['violations'] }).then(r => r.violations)`,
    )) as AxeViolation[];
    for (const violation of violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        problems.push(
          `${scheme} ${page.url()}: ${violation.id} (${violation.help}) at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
        );
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
