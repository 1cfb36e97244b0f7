import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Screenshots, axe reports and the server log of the last run. */
export const RESULTS_DIR = path.resolve(__dirname, '../../test-results');

/** Removes what a previous run left in test-results/ (its screenshots, axe reports and server log). */
export function clearResults(): void {
  if (!fs.existsSync(RESULTS_DIR)) return;
  for (const f of fs.readdirSync(RESULTS_DIR)) {
    if (/\.(png|log)$/.test(f) || /^axe-.*\.json$/.test(f)) fs.rmSync(path.join(RESULTS_DIR, f), { force: true });
  }
}

/** Saves test-results/<journey>-<viewport>-<step>.png (the whole page). */
export async function screenshot(page: Page, journey: string, viewport: string, step: string): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${journey}-${viewport}-${step}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}
