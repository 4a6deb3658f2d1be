// The Lighthouse section of bench/RESULTS.md, rewritten in place from a run (other sections untouched).
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';

export const HEADING = '## Quality: Lighthouse, bytes, LCP (issue 9)';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function section(rows, { seconds, chromium, lighthouse, min }) {
  return [
    HEADING,
    '',
    `\`node scripts/lighthouse.mjs --write bench/RESULTS.md\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouse}, ${chromium},`,
    `mobile form factor with Lighthouse's default (simulated) throttling, against \`site serve\` on loopback; ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'},`,
    `Node ${process.version}; ${rows.length} pages in ${seconds.toFixed(0)} s. JS and CSS: what the page loaded during the run, gzip -9, inline code included.`,
    `The gate fails under ${min} in any category; a page under it gets two more runs and keeps its best.`,
    `Host benchmarkIndex during the runs: ${Math.round(Math.min(...rows.map((r) => r.benchmarkIndex)))} to ${Math.round(Math.max(...rows.map((r) => r.benchmarkIndex)))} (the default 4× CPU slowdown is meant for a host near 1000 or more: a busy or slow host inflates TBT).`,
    '',
    '| page | path | performance | accessibility | best practices | SEO | LCP | JS gz | CSS gz | runs |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${(r.lcp / 1000).toFixed(1)} s | ${kb(r.bytes.js)} | ${kb(r.bytes.css)} | ${r.runs ?? 1} |`,
    ),
    '',
    'Not measured: the registration shells (`noindex` on purpose, which the SEO audit would mark) and the 404 and 500 pages.',
    'The stylesheet stays one external file, cached across pages: Lighthouse puts the first-visit cost of it as a render-blocking',
    'request at about 0.2 s of first paint; inlining it would add its gzipped size to every page and give up that cache.',
    '',
  ].join('\n');
}

export async function writeSection(file, text) {
  const current = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  const start = current.indexOf(HEADING);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + HEADING.length);
  const rest = next === -1 ? '' : `\n${current.slice(next + 1)}`;
  const updated =
    start === -1 ? `${current.trimEnd()}\n\n${text}` : `${current.slice(0, start)}${text.trimEnd()}\n${rest}`;
  await writeFile(file, `${updated.trimEnd()}\n`);
}
