#!/usr/bin/env node
// make-scale-site.mjs SOURCE_DIR OUT_DIR — a copy of this site whose news holds every Markdown
// source of SOURCE_DIR (bench/gen-articles.mjs output: Dutch articles and their English
// translations) as a news article, so `site build` renders the same Markdown files the peers do,
// with the site's real templates.
// The tool and the site share one repository (templates import cli/ helpers), so the copy
// holds both; node_modules is linked.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { copyProject, project } from './project-copy.mjs';

const [source, out] = process.argv.slice(2).map((p) => p && resolve(p));
if (!source || !out) {
  console.error('usage: node bench/make-scale-site.mjs SOURCE_DIR OUT_DIR');
  process.exit(2);
}
const images = readdirSync(join(project, 'content/images'))
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.slice(0, -4));

rmSync(join(out, 'content'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyProject(out);

const files = readdirSync(source)
  .filter((f) => f.endsWith('.md'))
  .sort();
for (const file of files) {
  const text = readFileSync(join(source, file), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const field = (name) => new RegExp(`^${name}: "?(.*?)"?$`, 'm').exec(front)[1];
  const [lang, id] = [field('lang'), field('id')];
  const meta = [
    `id: ${id}`,
    `title: "${field('title')}"`,
    ...(lang === 'nl' ? [`date: "${field('date')}"`, `image: ${images[Number(field('image')) % images.length]}`] : []),
    `summary: "${field('summary')}"`,
  ];
  const slug = field('slug').slice(`${lang}-${id}-`.length);
  writeFileSync(join(out, 'content', lang, 'news', `${id}-${slug}.md`), `---\n${meta.join('\n')}\n---\n${body}`);
}
console.log(`site with ${files.length} generated Markdown sources (news articles in Dutch and English) in ${out}`);
