/**
 * A club's sign-up card on the visitor's calendar (issue 19): at fixed dates, one for each state of
 * the window, the card shows one message and one action, in both languages, and the free places
 * only while sign-up is open. The page is built once; the island works the state out again with
 * the browser's date. Without JavaScript the card says what it was on the build day.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/signup-card.test.ts');

// LTC De Kei (content/data/clubs.yaml): sign-up 4 August to 7 September 2025, lessons from 29 September 2025.
const club = {
  nl: '/verenigingen/1-ltc-de-kei',
  en: '/en/clubs/1-ltc-de-kei',
  link: 'https://app.yourtennis.nl/inschrijven/ytc-0412',
};

// What the card says while sign-up is open: the same on the first and on the last evening.
const openTexts = {
  nl: {
    message: 'Inschrijven kan tot 7 september 2025',
    note: 'De lessen starten op 29 september 2025.',
    places: '24 plekken vrij',
    action: 'Inschrijven via YourTennis',
    href: club.link,
  },
  en: {
    message: 'Sign-up open until 7 September 2025',
    note: 'Lessons start on 29 September 2025.',
    places: '24 places available',
    action: 'Sign up via YourTennis',
    href: club.link,
  },
} as const;

const states = [
  {
    today: '2025-07-01T12:00:00',
    state: 'upcoming',
    nl: {
      message: 'Inschrijving opent op 4 augustus 2025',
      note: 'De lessen starten op 29 september 2025.',
      action: 'Stel een vraag',
      href: '#vraag',
    },
    en: {
      message: 'Sign-up opens on 4 August 2025',
      note: 'Lessons start on 29 September 2025.',
      action: 'Ask a question',
      href: '#vraag',
    },
  },
  {
    today: '2025-08-10T12:00:00',
    state: 'open',
    ...openTexts,
  },
  {
    // The last evening of sign-up, by the visitor's clock: still open.
    today: '2025-09-07T23:30:00',
    state: 'open',
    ...openTexts,
  },
  {
    today: '2025-09-20T12:00:00',
    state: 'closed',
    nl: {
      message: 'Inschrijving gesloten',
      note: 'De lessen starten op 29 september 2025. Wil je toch nog meedoen? Vraag of er plek is.',
      action: 'Vraag naar een plek',
      href: '#vraag',
    },
    en: {
      message: 'Sign-up closed',
      note: 'Lessons start on 29 September 2025. Still want to join? Ask whether there is a place.',
      action: 'Ask for a place',
      href: '#vraag',
    },
  },
  {
    today: '2026-11-22T12:00:00',
    state: 'closed-no-date',
    nl: {
      message: 'Inschrijving gesloten',
      note: 'De data van de volgende lesperiode staan hier zodra ze bekend zijn.',
      action: 'Vraag naar de volgende lesperiode',
      href: '#vraag',
    },
    en: {
      message: 'Sign-up closed',
      note: 'The dates of the next lesson period will appear here as soon as they are known.',
      action: 'Ask about the next period',
      href: '#vraag',
    },
  },
] as const;

const cases = states.flatMap((row) =>
  (['nl', 'en'] as const).map((locale) => ({ today: row.today, state: row.state, locale, ...row[locale] })),
);

describe.skipIf(!runs)('a club’s sign-up card', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  test.each(cases)(
    'on $today ($locale): $state, one message and one action',
    async ({ today, state, locale, ...expected }) => {
      const context = await site.browser.newContext(contextOptions(site));
      // The visitor's clock: Date is fixed, timers run as usual.
      await context.clock.setFixedTime(new Date(today));
      const { page, problems } = await openPage(context, club[locale], { waitFor: ['signup-window'] });
      const card = page.locator('.signup-card');
      await expect.poll(() => card.getAttribute('data-signup-state')).toBe(state);
      expect(await card.locator('.signup-message').textContent()).toBe(expected.message);
      expect(await card.locator('.signup-note').textContent()).toBe(expected.note);
      // Free places belong to an open window only.
      expect(await card.locator('.signup-places').allTextContents()).toEqual(
        'places' in expected ? [expected.places] : [],
      );
      // One action, and nothing else to press.
      const actions = card.locator('a, button');
      expect(await actions.count()).toBe(1);
      expect((await actions.textContent())?.trim()).toBe(expected.action);
      expect(await actions.getAttribute('href')).toBe(expected.href);
      if (expected.href === '#vraag') {
        // It leads to the question form on the same page.
        await actions.click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe('#vraag');
        expect(await page.locator('#vraag form').count()).toBe(1);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('without JavaScript the card is what it was on the build day (the site is built after its 2025 lessons began)', async () => {
    const context = await site.browser.newContext(contextOptions(site, { javaScriptEnabled: false }));
    const page = await context.newPage();
    await page.goto(club.nl);
    const card = page.locator('.signup-card');
    expect(await card.getAttribute('data-signup-state')).toBe('closed-no-date');
    expect(await card.locator('.signup-message').textContent()).toBe('Inschrijving gesloten');
    expect(await card.locator('a').count()).toBe(1);
    expect(await card.locator('.signup-places').count()).toBe(0);
    await context.close();
  });
});
