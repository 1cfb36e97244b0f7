import type { BrowserContext, Page } from 'playwright-core';

/** What the page script below keeps on `window`: the last forward move to another screen. */
interface ForwardMove {
  path: string;
  /** The smallest vertical scroll seen since the move (the position of the previous screen at first). */
  minScrollY: number;
  checked: boolean;
}

/**
 * Watches the app's navigations in every page of the context: a forward move (pushState/replaceState) to another
 * path starts a record whose `minScrollY` follows the scroll. A screen that opens at the top reaches 0 at once;
 * one that keeps the previous screen's position (clamped or not) never does, whatever the journey scrolls later.
 * Going back (popstate) clears the record: there the previous position is restored, not the top. It also keeps
 * the Content-Security-Policy violations the page meets.
 */
export async function watchNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __e2eMove?: ForwardMove | null };
    w.__e2eMove = null;
    const track = () => {
      const move = w.__e2eMove;
      if (move) move.minScrollY = Math.min(move.minScrollY, window.scrollY);
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        const before = location.pathname;
        original(data, unused, url);
        if (location.pathname !== before)
          w.__e2eMove = { path: location.pathname, minScrollY: window.scrollY, checked: false };
      };
    }
    window.addEventListener('popstate', () => {
      w.__e2eMove = null;
    });
    window.addEventListener('scroll', track, { passive: true });
    // What the page's Content-Security-Policy refused, even when the script caught the error (a probe).
    const refused: string[] = [];
    (window as unknown as { __e2eCspViolations: string[] }).__e2eCspViolations = refused;
    document.addEventListener('securitypolicyviolation', (event) => {
      refused.push(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * What is wrong with the screen as it is now: wider than the viewport (the page, or a dialog, scrolls sideways), a
 * page title on two lines, reached by a forward navigation since the last check and not opened at the top, or a
 * Content-Security-Policy violation since the last check. One line per problem.
 */
export async function checkScreen(page: Page, step: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls}> « ${text} »`;
    };
    // The widest culprits: elements whose right edge passes the viewport's (outside a sideways-scrolling box).
    const culprits = (root: Element, limit: number) =>
      Array.from(root.querySelectorAll('*'))
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          return rect.width > 0 && rect.right > limit + 1;
        })
        .slice(-3)
        .map(describe);
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1)
      problems.push(
        `the page is ${doc.scrollWidth} px wide on a ${width} px screen: ${culprits(document.body, width).join(', ')}`,
      );
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"], dialog[open]'))) {
      for (const box of [dialog, ...Array.from(dialog.querySelectorAll('*'))]) {
        const style = getComputedStyle(box);
        if (!['auto', 'scroll'].includes(style.overflowX) && box !== dialog) continue;
        if (box.scrollWidth > box.clientWidth + 1)
          problems.push(
            `${describe(box)} in a dialog scrolls sideways (${box.scrollWidth} px in ${box.clientWidth} px): ${culprits(box, box.getBoundingClientRect().right).join(', ')}`,
          );
      }
    }
    // The screen's title stays on one line (« Mon / compte » is read as two words).
    for (const title of Array.from(document.querySelectorAll('.page-header__title'))) {
      const el = title as HTMLElement;
      const line = Number.parseFloat(getComputedStyle(el).lineHeight);
      if (Number.isFinite(line) && el.getBoundingClientRect().height > line * 1.5)
        problems.push(
          `the title ${describe(el)} wraps onto ${Math.round(el.getBoundingClientRect().height / line)} lines`,
        );
    }
    const w = window as unknown as { __e2eMove?: ForwardMove | null; __e2eCspViolations?: string[] };
    for (const violation of w.__e2eCspViolations?.splice(0) ?? [])
      problems.push(`the Content-Security-Policy was violated: ${violation}`);
    const move = w.__e2eMove;
    if (move && !move.checked && move.path === location.pathname) {
      move.checked = true;
      if (move.minScrollY > 1) problems.push(`${move.path} opened scrolled to y=${move.minScrollY}, not at the top`);
    }
    return problems;
  });
  const url = new URL(page.url()).pathname;
  return found.map((problem) => `"${step}" (${url}): ${problem}`);
}
