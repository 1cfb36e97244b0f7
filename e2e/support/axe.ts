import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './screenshots';

/** The impacts that fail a journey (issue 8: zero serious or critical violations). */
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  screen: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on each screen a journey visits and remembers the serious and critical violations;
 * `assertClean()` then fails with the whole list (all screens at once, so one run reports them all).
 * The full axe output of every check is written to test-results/axe-<journey>-<viewport>.json.
 */
export class A11yAudit {
  private readonly findings: Finding[] = [];
  private readonly report: { screen: string; url: string; violations: unknown[] }[] = [];

  constructor(
    private readonly journey: string,
    private readonly viewport: string,
  ) {}

  /** Checks the page as it is now. */
  async check(page: Page, screen: string): Promise<void> {
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const url = new URL(page.url()).pathname;
    this.report.push({ screen, url, violations: results.violations });
    for (const v of results.violations) {
      if (!v.impact || !BLOCKING.has(v.impact)) continue;
      this.findings.push({
        screen,
        url,
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      });
    }
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS_DIR, `axe-${this.journey}-${this.viewport}.json`),
      JSON.stringify(this.report, null, 2),
    );
  }

  /** The serious and critical violations found so far, one block each; '' when none. */
  summary(): string {
    if (!this.findings.length) return '';
    const lines = this.findings.map(
      (f) => `  - [${f.impact}] ${f.rule} on "${f.screen}" (${f.url}): ${f.help}\n      ${f.targets.join('\n      ')}`,
    );
    return `axe: ${this.findings.length} serious or critical violation(s) in ${this.journey} (${this.viewport}):\n${lines.join('\n')}`;
  }

  /** Throws, listing every serious or critical violation found, if any. */
  assertClean(): void {
    const summary = this.summary();
    if (summary) throw new Error(summary);
  }
}
