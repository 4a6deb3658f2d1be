/**
 * The news feeds are written as strings (cli/build/feed-xml.ts): whatever an editor puts in a
 * title, summary or body, a feed reader must read back exactly that text, from both formats.
 * (tests/found/found.test.ts reads the real site's feeds; this holds the escaping.)
 */
import Parser from 'rss-parser';
import { describe, expect, test } from 'vitest';
import { atom1, rss2, type FeedData } from '../../cli/build/feed-xml.ts';

const tricky = {
  title: 'Tom & Jerry <live> "op" de baan ]]> twee keer ]]>',
  summary: 'Kosten: < €10 & > €5 ]]>',
  content: '<p>A &amp; B, <code>]]></code> and again <code>]]></code></p>',
};

const feed: FeedData = {
  link: 'https://www.example.nl/nieuws',
  title: 'Club & Co: <Nieuws>',
  description: 'Alles over A & B',
  language: 'nl',
  favicon: 'https://www.example.nl/favicon.svg',
  rights: '© Club & Co',
  generator: 'Club & Co',
  updated: new Date('2026-11-09T23:00:00Z'),
  self: { rss: 'https://www.example.nl/nieuws/rss.xml', atom: 'https://www.example.nl/nieuws/atom.xml' },
  author: { name: 'Club & Co', email: 'info@example.nl', link: 'https://www.example.nl' },
  items: [
    {
      ...tricky,
      link: 'https://www.example.nl/nieuws/1-tom-&-jerry?a=1&b=2',
      date: new Date('2026-11-09T23:00:00Z'),
      author: 'Sanne & Co',
      image: 'https://www.example.nl/images/a.1024.abc.webp',
    },
    {
      title: 'Zonder foto',
      link: 'https://www.example.nl/nieuws/2-zonder-foto',
      date: new Date('2026-11-01T23:00:00Z'),
      summary: 'Kort.',
      content: '<p>Kort.</p>',
    },
  ],
};

describe('news feeds written as strings', () => {
  const parser = new Parser();
  test.each([
    ['RSS 2.0', rss2, 'content:encoded'],
    ['Atom 1.0', atom1, 'content'],
  ] as const)('%s reads back every text exactly, with its links and photo', async (_, write, body) => {
    const parsed = await parser.parseString(write(feed));
    expect(parsed.title).toBe(feed.title);
    expect(parsed.items).toHaveLength(2);
    const [first, second] = parsed.items as Array<Record<string, unknown> & Parser.Item>;
    expect(first!.title).toBe(tricky.title);
    expect(first![body]).toBe(tricky.content);
    expect(first!.link).toBe('https://www.example.nl/nieuws/1-tom-&-jerry?a=1&b=2');
    expect(Date.parse(first!.isoDate!)).toBe(feed.items[0]!.date.getTime());
    expect(second!.title).toBe('Zonder foto');
    if (write === rss2) {
      expect(first!.enclosure).toMatchObject({ url: feed.items[0]!.image, type: 'image/webp' });
      expect(second!.enclosure).toBeUndefined();
    }
  });

  test('the layout the `feed` package wrote: four-space indents, HTML in CDATA, the photo as an enclosure', () => {
    const rss = rss2(feed);
    expect(rss.split('\n').slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="utf-8"?>',
      '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
      '    <channel>',
    ]);
    expect(rss).toContain('\n            <description><![CDATA[Kosten: < €10 & > €5 ]]]]><![CDATA[>]]></description>');
    expect(rss).toContain(
      '\n            <enclosure length="0" type="image/webp" url="https://www.example.nl/images/a.1024.abc.webp"/>',
    );
    expect(rss).toContain('\n        <lastBuildDate>Mon, 09 Nov 2026 23:00:00 GMT</lastBuildDate>');
    expect(rss.endsWith('\n        </item>\n    </channel>\n</rss>')).toBe(true);
    const atom = atom1(feed);
    expect(atom).toContain(
      '\n    <author>\n        <name>Club &amp; Co</name>\n        <email>info@example.nl</email>',
    );
    expect(atom).toContain('\n        <uri>https://www.example.nl/</uri>');
    expect(atom.endsWith('\n    </entry>\n</feed>')).toBe(true);
  });
});
