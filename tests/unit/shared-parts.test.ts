import { describe, expect, test } from 'vitest';
import { siteFor } from '../auth/helpers/site.ts';
import { createSite } from '../../templates/create-site.ts';

// The footer is rendered once per language and build inputs (templates/shared-parts.tsx).
describe('parts shared by every page of a language', () => {
  test('one footer per language, the same object for every page of it', () => {
    const login = siteFor('nl', 'login');
    const home = siteFor('nl', 'home');
    expect(home.shared.footer).toBe(login.shared.footer);
    expect(login.shared.footer).toContain('href="/verenigingen"');
    expect(siteFor('en').shared.footer).toContain('href="/en/clubs"');
    expect(siteFor('en').shared.footer).not.toBe(login.shared.footer);
  });

  test('new strings (an edit in site dev) make a new footer; nothing stale is reused', () => {
    const before = siteFor('nl');
    const edited = siteFor('nl'); // a fresh model object, as a rebuild makes
    const strings = {
      ...edited.model.strings,
      nl: {
        ...edited.model.strings.nl,
        footer: { ...(edited.model.strings.nl.footer as object), tagline: 'Nieuwe slogan' },
      },
    };
    const after = createSite({
      page: before.page,
      model: { ...before.model, strings },
      images: {},
      assets: before.assets,
      buildDate: before.buildDate,
    });
    expect(after.shared.footer).toContain('Nieuwe slogan');
    expect(before.shared.footer).not.toContain('Nieuwe slogan');
  });
});
