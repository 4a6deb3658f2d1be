import { createHash } from 'node:crypto';
import { renderToString } from '../../templates/runtime/render.ts';
import { describe, expect, test } from 'vitest';
import { siteFor } from '../auth/helpers/site.ts';
import { recordReads } from '../../shared/model-reads.ts';
import { createSite } from '../../templates/create-site.ts';
import { ShareTags } from '../../templates/components/ShareTags.tsx';
import { SiteProvider } from '../../templates/lib/site.tsx';
import type { PageFound } from '../../templates/lib/share-card.ts';

/** The card a page's share tags name, rendered with this site URL (a new config object each time, as a rebuild makes). */
function cardWith(url: string) {
  const base = siteFor('nl');
  const found: PageFound = {};
  const site = createSite(
    {
      page: base.page,
      model: { ...base.model, config: { ...base.model.config, url }, pages: new Map() },
      images: {},
      assets: { ...base.assets, cardVersion: 'v1' },
      buildDate: base.buildDate,
    },
    found,
  );
  const html = renderToString(
    <SiteProvider value={site}>
      <ShareTags title="Inloggen" fullTitle="Inloggen" description="Log in" hero={{ image: '' }} />
    </SiteProvider>,
  );
  return { card: found.card!, html };
}

// The card's site part is made once per config (templates/components/ShareTags.tsx), its key in one shot.
describe('the share card a page names', () => {
  test('its key is the digest of the card version and the request, as the card stage names it', () => {
    const { card, html } = cardWith('https://www.baselinetennis.nl');
    const reference = createHash('sha256')
      .update('v1')
      .update(JSON.stringify(card.request))
      .digest('base64url')
      .slice(0, 16)
      .replace(/[-_]/g, '0');
    expect(card.key).toBe(reference);
    expect(html).toContain(`content="https://www.baselinetennis.nl/cards/home.${reference}.jpg"`);
  });

  test('a config with another URL (site dev, a rebuild) gets its own host on the card, never the one before', () => {
    const before = cardWith('https://www.baselinetennis.nl');
    const after = cardWith('https://staging.example.org');
    expect(before.card.request.site.host).toBe('www.baselinetennis.nl');
    expect(after.card.request.site.host).toBe('staging.example.org');
    expect(after.card.key).not.toBe(before.card.key);
    expect(cardWith('https://www.baselinetennis.nl').card.key).toBe(before.card.key);
  });
});

// The organisation's facts are made once per config, strings and socials page (issue 21): each
// page still records that it read the socials page, and a new socials page brings its own links.
describe("the organisation's links (sameAs) on the home page", () => {
  const base = siteFor('nl', 'home');
  const socialsWith = (href: string) => ({ nl: { data: { sections: [{ cta: { href } }] } } });
  function homeTags(pages: Map<string, unknown>) {
    const recorded = recordReads({ ...base.model, pages } as typeof base.model);
    const site = createSite({ ...base, model: recorded.model });
    const html = renderToString(
      <SiteProvider value={site}>
        <ShareTags title="Home" fullTitle="Home" description="Tennis" hero={{ image: '' }} />
      </SiteProvider>,
    );
    return { html, reads: recorded.reads() };
  }

  test('every page records the socials page it shows; an edited socials page shows its own links', () => {
    const pages = new Map([['socials', socialsWith('https://www.instagram.com/one')]]);
    const first = homeTags(pages);
    const again = homeTags(pages);
    expect(first.html).toContain('"sameAs":["https://www.instagram.com/one"]');
    expect(again.html).toBe(first.html);
    expect(again.reads).toContain('pages:socials');
    const edited = homeTags(new Map([['socials', socialsWith('https://www.instagram.com/two')]]));
    expect(edited.html).toContain('"sameAs":["https://www.instagram.com/two"]');
    expect(homeTags(new Map()).html).toContain('"sameAs":[]');
  });
});
