import type { BrowserContext, Page } from 'playwright-core';

/**
 * Tabs of one browser context, reused from one visit to the next. Opening a tab costs Chromium
 * about a CPU-second on a 2-core machine, more than the visit itself: a page loaded in a new tab
 * took 1.2-1.9 CPU-s, the same page in a reused tab 0.36-0.51 (2026-11-28). A suite that visits
 * every template twice paid that 130 times.
 * Between visits a tab is cleared (this site's sessionStorage, then about:blank), so a visit
 * starts where a new tab would: what it sees of the visit before is only what any tab of the
 * context shares (cookies, localStorage). A tab whose visit failed is closed, not reused.
 */
export class PagePool {
  private readonly idle: Page[] = [];

  constructor(private readonly context: BrowserContext) {}

  async visit<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const page = this.idle.pop() ?? (await this.context.newPage());
    let cleared = false;
    try {
      const result = await use(page);
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.goto('about:blank');
      cleared = true;
      return result;
    } finally {
      if (cleared) this.idle.push(page);
      else await page.close();
    }
  }
}
