#!/usr/bin/env node
// make-scale-site.mjs SOURCE_DIR OUT_DIR — a copy of this site whose news holds every page of
// SOURCE_DIR (the peer benchmark's gen-content.mjs output) as an article in Dutch and English,
// so `site build` renders the same Markdown the peers do, with the site's real templates.
// The tool and the site share one repository (templates import cli/ helpers), so the copy
// holds both; node_modules is linked.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [source, out] = process.argv.slice(2).map((p) => p && resolve(p));
if (!source || !out) {
  console.error('usage: node bench/make-scale-site.mjs SOURCE_DIR OUT_DIR');
  process.exit(2);
}
const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const images = readdirSync(join(project, 'content/images'))
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.slice(0, -4));

rmSync(join(out, 'content'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const part of ['bin', 'cli', 'content', 'templates', 'islands', 'functions', 'site.config.yaml', 'package.json']) {
  if (existsSync(join(project, part))) cpSync(join(project, part), join(out, part), { recursive: true });
}
if (!existsSync(join(out, 'node_modules'))) symlinkSync(join(project, 'node_modules'), join(out, 'node_modules'));

const files = readdirSync(source)
  .filter((f) => f.endsWith('.md'))
  .sort();
files.forEach((file, index) => {
  const text = readFileSync(join(source, file), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const field = (name) => new RegExp(`^${name}: "?(.*?)"?$`, 'm').exec(front)[1];
  const id = 1000 + index;
  const title = field('title');
  const summary = body
    .split('\n')
    .find((line) => line.trim() && !line.startsWith('#'))
    .slice(0, 180)
    .replace(/"/g, "'");
  for (const locale of ['nl', 'en']) {
    const meta = [
      `id: ${id}`,
      `title: "${title}"`,
      ...(locale === 'nl' ? [`date: "${field('date')}"`, `image: ${images[index % images.length]}`] : []),
      `summary: "${summary}"`,
    ];
    writeFileSync(
      join(out, 'content', locale, 'news', `${id}-${field('slug')}.md`),
      `---\n${meta.join('\n')}\n---\n\n${body}`,
    );
  }
});
console.log(`site with ${files.length} generated articles per language in ${out}`);
