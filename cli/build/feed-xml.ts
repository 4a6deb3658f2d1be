/** One news feed, as ./feeds.ts gathers it: written out as RSS 2.0 and as Atom 1.0 below. */
export interface FeedData {
  /** The news list's absolute URL: the feed's id and its link. */
  link: string;
  title: string;
  description?: string;
  language: string;
  favicon: string;
  rights: string;
  generator: string;
  /** The newest article's instant (the build's time when there is none). */
  updated: Date;
  self: { rss: string; atom: string };
  author: { name: string; email?: string; link: string };
  items: FeedItem[];
}

export interface FeedItem {
  title: string;
  link: string;
  date: Date;
  summary: string;
  /** The article's HTML, links made absolute. */
  content: string;
  author?: string;
  /** The photo's absolute URL. */
  image?: string;
}

/*
 * Written as strings, not through an XML object model: when the feeds carried every article in
 * full (7.5 MB each at 2,000 articles), building and walking a tree for them cost about a second
 * of every build (issue 21). The layout is the one the `feed` package wrote (four-space indents,
 * text in CDATA where it is HTML), so readers see the same files; only text is escaped fully
 * (`&amp;` in a title stays visible) and every `]]>` in a CDATA section is split, not the first.
 */
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (value: string) => text(value).replace(/"/g, '&quot;');
const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
/** A URL as WHATWG writes it (the host's slash, non-ASCII percent-encoded). */
const url = (value: string) => new URL(value).href;

const IMAGE_TYPES: Record<string, string> = { jpg: 'jpeg', svg: 'svg+xml' };
const imageType = (address: string) => {
  const extension = new URL(address).pathname.split('.').at(-1) ?? '';
  return `image/${IMAGE_TYPES[extension] ?? extension}`;
};

const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
const indent = (depth: number) => `\n${'    '.repeat(depth)}`;
const element = (depth: number, name: string, content: string) => `${indent(depth)}<${name}>${content}</${name}>`;

/** The feed without its items, and whether any item has content (RSS then declares its namespaces). */
type FeedHead = Omit<FeedData, 'items'>;

export function rss2(feed: FeedData): string {
  const head = rssHead(
    feed,
    feed.items.some((item) => item.content),
  );
  return `${head}${feed.items.map(rssItem).join('')}${RSS_TAIL}`;
}

export function atom1(feed: FeedData): string {
  return `${atomHead(feed)}${feed.items.map(atomItem).join('')}${ATOM_TAIL}`;
}

function rssHead(feed: FeedHead, hasContent: boolean): string {
  const namespaces = hasContent
    ? ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"'
    : '';
  return [
    `${DECLARATION}\n<rss version="2.0"${namespaces} xmlns:atom="http://www.w3.org/2005/Atom">`,
    `${indent(1)}<channel>`,
    element(2, 'title', text(feed.title)),
    element(2, 'link', text(url(feed.link))),
    element(2, 'description', text(feed.description ?? '')),
    element(2, 'lastBuildDate', feed.updated.toUTCString()),
    element(2, 'docs', 'https://validator.w3.org/feed/docs/rss2.html'),
    element(2, 'generator', text(feed.generator)),
    element(2, 'language', text(feed.language)),
    element(2, 'copyright', text(feed.rights)),
    `${indent(2)}<atom:link href="${attribute(url(feed.self.rss))}" rel="self" type="application/rss+xml"/>`,
  ].join('');
}

function rssItem(item: FeedItem): string {
  const parts = [`${indent(2)}<item>`];
  if (item.title) parts.push(element(3, 'title', cdata(item.title)));
  parts.push(
    element(3, 'link', text(url(item.link))),
    `${indent(3)}<guid isPermaLink="false">${text(item.link)}</guid>`,
    element(3, 'pubDate', item.date.toUTCString()),
  );
  if (item.summary) parts.push(element(3, 'description', cdata(item.summary)));
  if (item.content) parts.push(element(3, 'content:encoded', cdata(item.content)));
  if (item.author) parts.push(element(3, 'author', text(item.author)));
  if (item.image) {
    const image = url(item.image);
    parts.push(`${indent(3)}<enclosure length="0" type="${imageType(image)}" url="${attribute(image)}"/>`);
  }
  parts.push(`${indent(2)}</item>`);
  return parts.join('');
}

const RSS_TAIL = `${indent(1)}</channel>\n</rss>`;

function atomHead(feed: FeedHead): string {
  const { author } = feed;
  return [
    `${DECLARATION}\n<feed xmlns="http://www.w3.org/2005/Atom">`,
    element(1, 'id', text(feed.link)),
    element(1, 'title', text(feed.title)),
    element(1, 'updated', feed.updated.toISOString()),
    element(1, 'generator', text(feed.generator)),
    `${indent(1)}<author>`,
    element(2, 'name', text(author.name)),
    author.email ? element(2, 'email', text(author.email)) : '',
    element(2, 'uri', text(url(author.link))),
    `${indent(1)}</author>`,
    `${indent(1)}<link rel="alternate" href="${attribute(url(feed.link))}"/>`,
    `${indent(1)}<link rel="self" href="${attribute(url(feed.self.atom))}"/>`,
    feed.description ? element(1, 'subtitle', text(feed.description)) : '',
    element(1, 'icon', text(feed.favicon)),
    element(1, 'rights', text(feed.rights)),
  ].join('');
}

function atomItem(item: FeedItem): string {
  const link = attribute(url(item.link));
  const parts = [
    `${indent(1)}<entry>`,
    `${indent(2)}<title type="html">${cdata(item.title)}</title>`,
    element(2, 'id', text(url(item.link))),
    `${indent(2)}<link href="${link}"/>`,
  ];
  if (item.image) {
    const image = url(item.image);
    parts.push(`${indent(2)}<link rel="enclosure" href="${attribute(image)}" type="${imageType(image)}"/>`);
  }
  parts.push(element(2, 'updated', item.date.toISOString()));
  if (item.summary) parts.push(`${indent(2)}<summary type="html">${cdata(item.summary)}</summary>`);
  if (item.content) parts.push(`${indent(2)}<content type="html">${cdata(item.content)}</content>`);
  if (item.author) parts.push(`${indent(2)}<author>`, element(3, 'name', text(item.author)), `${indent(2)}</author>`);
  parts.push(`${indent(1)}</entry>`);
  return parts.join('');
}

const ATOM_TAIL = '\n</feed>';
