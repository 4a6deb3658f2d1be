/** One link that does not resolve, and where it was found. */
export interface BrokenLink {
  /** The page that holds the link (a site path: `/kampen`), or a build file (`sitemap.xml`, `redirects.json`). */
  source: string;
  /** The link as a site path (`/kampen#prijzen`), or the whole URL when it leaves the site. */
  link: string;
  /** Why it is broken, in words: `HTTP 404`, `no element with id "prijzen" on /kampen`. */
  reason: string;
}

/** What `site check` found: counts for the summary line, and every broken link. */
export interface CheckReport {
  /** HTML pages crawled (their links read and checked). */
  pages: number;
  /** Distinct URLs requested: pages, images, stylesheets, scripts, sitemap and redirect targets. */
  links: number;
  /** External links left unchecked (without --external). */
  skipped: number;
  broken: BrokenLink[];
  /** Wall time of the check itself, build excluded. */
  ms: number;
}

/** A URL the crawl starts from, with the build files that name it (for blame when it is broken). */
export interface StartPoint {
  /** Absolute URL on the local server. */
  url: string;
  /** `dist/public` for a page file, `sitemap.xml`, `robots.txt`, or `redirects.json` with the redirect. */
  sources: Array<{ source: string; note?: string }>;
}
