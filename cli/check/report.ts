import type { BrokenLink, CheckReport } from './types.ts';

/** Broken links by the page (or build file) that holds them, pages and links in a stable order, duplicates gone. */
export function groupBroken(
  broken: BrokenLink[],
): Array<{ source: string; links: Array<{ link: string; reason: string }> }> {
  const groups = new Map<string, Map<string, string>>();
  for (const item of broken) {
    const links = groups.get(item.source) ?? new Map<string, string>();
    if (!links.has(item.link)) links.set(item.link, item.reason);
    groups.set(item.source, links);
  }
  // Pages (/...) first in path order, then build files (redirects.json, sitemap.xml).
  const order = (source: string) => `${source.startsWith('/') ? 0 : 1}${source}`;
  return [...groups]
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .map(([source, links]) => ({
      source,
      links: [...links].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([link, reason]) => ({ link, reason })),
    }));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The report a person reads: a summary line, then page -> broken link -> why. */
export function formatReport(report: CheckReport): string {
  const groups = groupBroken(report.broken);
  const broken = groups.reduce((sum, group) => sum + group.links.length, 0);
  const skipped = report.skipped
    ? ` (${plural(report.skipped, 'external link')} not checked; --external checks them)`
    : '';
  const lines = [
    `checked ${plural(report.pages, 'page')} and ${plural(report.links, 'link')} in ${(report.ms / 1000).toFixed(1)} s${skipped}`,
  ];
  if (!broken) return `${lines[0]}\nno broken links\n`;
  lines.push(`${plural(broken, 'broken link')} on ${plural(groups.length, 'page')}:`);
  for (const group of groups) {
    const width = Math.min(60, Math.max(...group.links.map((l) => l.link.length)));
    lines.push('', group.source, ...group.links.map(({ link, reason }) => `  ${link.padEnd(width)}  ${reason}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The same for machines: counts, and the broken links grouped as in the text report. */
export function jsonReport(report: CheckReport): string {
  const groups = groupBroken(report.broken);
  const broken = groups.reduce((sum, group) => sum + group.links.length, 0);
  return `${JSON.stringify({ ok: broken === 0, pages: report.pages, links: report.links, skipped: report.skipped, ms: Math.round(report.ms), broken, groups }, null, 2)}\n`;
}
