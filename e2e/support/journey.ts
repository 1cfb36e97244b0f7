import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { A11yAudit } from './axe';
import { newContext, type Viewport } from './browser';
import { checkScreen, watchNavigations } from './screen-checks';
import { screenshot } from './screenshots';

/**
 * One journey at one viewport: its browser contexts (one per person), a checkpoint per screen
 * (screenshot, axe, no sideways overflow, a new screen at the top) and the page errors seen on the way.
 */
export class Journey {
  readonly a11y: A11yAudit;
  private readonly contexts: BrowserContext[] = [];
  private step = 0;
  readonly pageErrors: string[] = [];
  /** Hydration errors a page logged (React's, or the app's report of a recovered mismatch): each fails the journey. */
  readonly hydrationErrors: string[] = [];
  /** Screens wider than the viewport, or reached by a forward navigation and not opened at the top. */
  readonly screenProblems: string[] = [];

  constructor(
    private readonly browser: Browser,
    readonly name: string,
    readonly viewport: Viewport,
  ) {
    this.a11y = new A11yAudit(name, viewport.name);
  }

  /** A new person: a fresh context (own cookies and storage) and its first page. */
  async newPage(who = 'visitor'): Promise<Page> {
    const context = await newContext(this.browser, this.viewport);
    this.contexts.push(context);
    await watchNavigations(context);
    const page = await context.newPage();
    waitForAppOnNavigation(page);
    page.on('pageerror', (error) => {
      this.pageErrors.push(`[${who}] ${error.message}`);
      if (/hydrat/i.test(error.message)) this.hydrationErrors.push(`[${who}] ${page.url()}: ${error.message}`);
    });
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) this.hydrationErrors.push(`[${who}] ${page.url()}: ${message.text()}`);
    });
    return page;
  }

  /**
   * The screen is ready (`ready` visible, no spinner left): save
   * test-results/<journey>-<viewport>-<nn>-<step>.png, run axe on it and check that nothing is wider than the
   * viewport and that a screen reached by a forward navigation opened at the top (support/screen-checks.ts).
   */
  async checkpoint(page: Page, step: string, ready?: Locator): Promise<void> {
    if (ready) await ready.waitFor();
    await settle(page);
    this.step += 1;
    const label = `${String(this.step).padStart(2, '0')}-${step}`;
    const t0 = Date.now();
    await screenshot(page, this.name, this.viewport.name, label);
    const t1 = Date.now();
    await this.a11y.check(page, step);
    this.screenProblems.push(...(await checkScreen(page, label)));
    if (process.env.E2E_PROFILE) console.log(`${label}: screenshot ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  }

  /** Closes every context of the journey. */
  async close(): Promise<void> {
    await Promise.all(this.contexts.map((c) => c.close().catch(() => undefined)));
  }

  /**
   * Runs the journey's steps; on failure saves a screenshot of every open page
   * (…-failure-<n>.png) and adds the page errors to the message. Then closes the contexts and fails
   * on any serious or critical axe violation, or any screen problem, met on the way.
   */
  async run(steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      const pages = this.contexts.flatMap((c) => c.pages());
      await Promise.all(
        pages.map((page, i) =>
          screenshot(page, this.name, this.viewport.name, `failure-${i + 1}`).catch(() => undefined),
        ),
      );
      if (error instanceof Error) {
        error.message += `\n\nOpen pages (screenshots ${this.name}-${this.viewport.name}-failure-*.png):\n  ${pages.map((p) => p.url()).join('\n  ')}`;
        if (this.pageErrors.length) error.message += `\nPage errors:\n  ${this.pageErrors.join('\n  ')}`;
        const axe = this.a11y.summary();
        if (axe) error.message += `\nAlso, before the failure:\n${axe}`;
        const screens = this.screenSummary();
        if (screens) error.message += `\nAlso, before the failure:\n${screens}`;
      }
      throw error;
    } finally {
      await this.close();
    }
    const hydration = this.hydrationErrors.length
      ? `hydration: ${this.hydrationErrors.length} error(s) in ${this.name} (${this.viewport.name}):\n  - ${this.hydrationErrors.join('\n  - ')}`
      : '';
    const failures = [this.a11y.summary(), this.screenSummary(), hydration].filter(Boolean);
    if (failures.length) throw new Error(failures.join('\n'));
  }

  /** The screen problems found so far, one line each; '' when none. */
  private screenSummary(): string {
    if (!this.screenProblems.length) return '';
    return `screens: ${this.screenProblems.length} problem(s) in ${this.name} (${this.viewport.name}):\n  - ${this.screenProblems.join('\n  - ')}`;
  }
}

/** Waits until no loading spinner is left (the app's spinners are role=status with class spinner). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {
      throw new Error(`[e2e] a loading spinner is still shown on ${page.url()} after 15 s`);
    });
}

/** The toast region; `toast(page, title)` finds a toast by its title. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first();
}

/** An entry of the bottom bar, by the name it reads as (« Découvertes » and « Messages » carry their counts). */
export function bottomBarLink(page: Page, name: string | RegExp): Locator {
  return page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name });
}

/** Waits until the path (and query) of the page matches. */
export async function waitForPath(
  page: Page,
  expected: string | RegExp | ((path: string) => boolean),
  timeout = 15_000,
): Promise<void> {
  const matches = (path: string) =>
    typeof expected === 'string'
      ? path === expected
      : expected instanceof RegExp
        ? expected.test(path)
        : expected(path);
  await page.waitForURL((url) => matches(`${url.pathname}${url.search}`), { timeout });
}

/**
 * Fails the journey with a clear message when a screen it needs is still the placeholder
 * ("Cet écran arrive bientôt.") or lacks the element the journey looks for.
 */
export async function requireScreen(page: Page, screen: string, ready: Locator, timeout = 10_000): Promise<void> {
  const placeholder = page.getByText('Cet écran arrive bientôt.');
  try {
    await Promise.race([ready.waitFor({ timeout }), placeholder.waitFor({ timeout })]);
  } catch {
    throw new Error(
      `[e2e] screen missing: ${screen} (${new URL(page.url()).pathname}) does not show what the journey needs (${ready})`,
    );
  }
  if (await placeholder.isVisible()) {
    throw new Error(
      `[e2e] screen missing: ${screen} (${new URL(page.url()).pathname}) is still the placeholder "Cet écran arrive bientôt."`,
    );
  }
}

/** Marks the current document, to prove later that it was updated in place, not reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocument?: boolean }).__e2eDocument = true;
  });
}

/** Fails when the document marked by `markDocument` was replaced (a reload or a full navigation). */
export async function expectSameDocument(page: Page): Promise<void> {
  const same = await page.evaluate(() => (window as unknown as { __e2eDocument?: boolean }).__e2eDocument === true);
  if (!same) throw new Error('[e2e] the page was reloaded: the update was expected to arrive live');
}

/** `text` as a literal inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `goto` and `reload` return once the app has mounted or hydrated the screen (web: HydrationMark), as a reader waits
 * for the page before tapping: a server-painted screen is inert until then. A page that is not the app (no #root) is
 * not waited for.
 */
function waitForAppOnNavigation(page: Page): void {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}
