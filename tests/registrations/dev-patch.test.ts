/**
 * `site dev`'s one-item fast path keeps the registration functions' event facts current: an
 * edited capacity or deadline is what the next sign-up is checked against, as after a full build.
 */
import { expect, test } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { readContent } from '../../cli/content/read.ts';
import { knownClubs, patchItem } from '../../cli/build/incremental/content-patch.ts';
import { devContentState } from '../helpers/dev-content.ts';
import { MarkdownMemo } from '../../cli/build/incremental/markdown-memo.ts';
import { parseYaml } from '../../cli/source/yaml-source.ts';

test('an event edited in site dev: capacity and deadline reach site.json events as in a full build', async () => {
  const memo = new MarkdownMemo();
  const config = await loadConfig(process.cwd());
  const files = await readContent(process.cwd());
  const base = devContentState(config, files, { markdown: memo.html }).state!;
  const item = base.content.events[0]!;
  const path = item.nl.file;
  const before = files.files.find((file) => file.path === path)!.text;
  const text = before
    .replace(/^capacity: .*$/m, 'capacity: 3')
    .replace(/^deadline: .*$/m, `deadline: "${item.nl.data.start.slice(0, 10)}T08:00"`);
  expect(text).not.toBe(before);
  const textOf = (p: string) => (p === path ? text : files.files.find((file) => file.path === p)?.text);
  const clubs = parseYaml(
    files.files.find((file) => file.path === 'content/data/clubs.yaml')!.text,
    'content/data/clubs.yaml',
  );

  const fast = patchItem(base, path, textOf, memo.html, knownClubs(clubs));
  const full = devContentState(
    config,
    { ...files, files: files.files.map((file) => (file.path === path ? { path, text } : file)) },
    { markdown: memo.html },
  );
  expect(fast.kind).toBe('patched');
  if (fast.kind !== 'patched') return;
  const edited = fast.state.index.manifest.events.find((event) => event.id === item.nl.data.id);
  expect(edited).toMatchObject({ capacity: 3, deadline: `${item.nl.data.start.slice(0, 10)}T08:00` });
  expect(fast.state.index.manifest.events).toEqual(full.state!.index.manifest.events);
});
