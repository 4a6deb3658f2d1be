import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ContentFiles } from '../content/read.ts';
import type { ByLocale, EventText } from '../content/types.ts';

/**
 * The events in each language (the files classify() calls events) and the clubs (their places):
 * a pattern of its own, since classify() loads every kind's schema (zod), which the hash stage of
 * a build with nothing to do never needs (issue 21). tests/unit/calendar-revisions.test.ts holds
 * the two to the same files.
 */
const EVENT_TEXT = /^content\/(nl|en)\/events\/[^/]+\.md$/;
const CLUBS = 'content/data/clubs.yaml';

/** Content files whose text an event's calendar file says. */
export const calendarSources = (paths: readonly string[]): string[] =>
  paths.filter((path) => path === CLUBS || EVENT_TEXT.test(path));

/** When the content files the events' calendar files say last changed: their SEQUENCE and DTSTAMP (the build's and site dev's). */
export const calendarChanges = (root: string, files: ContentFiles): Promise<Map<string, number>> =>
  changedAt(root, calendarSources(files.files.map((file) => file.path)));

/**
 * Whether git could find a repository for this folder: GIT_DIR names one, or a .git (folder, or
 * file of a worktree) stands in it or above it. Without one every git command fails, and starting
 * three processes to learn that costs a small build ~0.1 s of CPU (a fork copies the page tables
 * of the whole process).
 */
function mayBeInRepository(root: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let folder = resolve(root); ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return true;
    if (dirname(folder) === folder) return false;
  }
}

async function git(root: string, args: string[]): Promise<string | undefined> {
  // Never a prompt or a pager; a project outside git (or without git installed) has no history.
  if (!mayBeInRepository(root)) return undefined;
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };
  // Promisified here, not as the module starts: that read of execFile would load child_process in
  // every command (bin/commonjs-bundle.mjs ON_USE).
  return promisify(execFile)('git', args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }).then(
    (done) => done.stdout,
    () => undefined,
  );
}

/**
 * When each of these files (project-relative) last changed, in whole seconds since 1970: the
 * committer time of the newest commit that touched it when the file is as committed; otherwise (an
 * edit not yet committed, a new file, a project outside git) its modification time. The history
 * is the record: no state file to keep, a fresh clone says what the editor's checkout says, and
 * times only move forward (a rebase or squash makes them later; a shallow clone dates every file
 * at its one commit, which is later still).
 */
export async function changedAt(root: string, paths: readonly string[]): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  if (!paths.length) return times;
  const wanted = new Set(paths);
  const [top, status, log] = await Promise.all([
    // Paths git prints are from the top of the repository; the project may be a folder inside it.
    git(root, ['rev-parse', '--show-prefix']),
    git(root, ['status', '--porcelain', '-z', '--no-renames', '--untracked-files=all', '--', ...paths]),
    git(root, ['log', '--format=%x01%ct', '--name-only', '-z', '--', ...paths]),
  ]);
  const prefix = top?.trim();
  // All three answered, or none is trusted (a file edited but unreported would get an older time).
  if (prefix !== undefined && status !== undefined && log !== undefined) {
    const edited = new Set(status.split('\0').flatMap((entry) => (/^.. /.test(entry) ? [entry.slice(3)] : [])));
    let commit = 0;
    for (const field of log.split('\0')) {
      const name = field.replace(/^\n/, '');
      if (name.startsWith('\x01')) commit = Number(name.slice(1).trim());
      else if (name.startsWith(prefix) && name.length > prefix.length) {
        const path = name.slice(prefix.length);
        if (!times.has(path) && !edited.has(name) && wanted.has(path)) times.set(path, commit);
      }
    }
  }
  for (const path of paths) {
    if (times.has(path)) continue;
    const info = await stat(join(root, path)).catch(() => undefined);
    if (info) times.set(path, Math.floor(info.mtimeMs / 1000));
  }
  return times;
}

/** An event's calendar revision: SEQUENCE and DTSTAMP / LAST-MODIFIED. */
export interface Revision {
  sequence: number;
  stamp: Date;
}

/**
 * An event's revision is the last change of the files its calendar file is made from (its text in
 * every language, the clubs when it is held at one). DTSTAMP is that time; SEQUENCE is that time
 * in minutes since 1970, so it goes up with every later edit (a calendar app that imported the
 * file before takes the new one as an update of the same UID) and stays the same without one.
 */
export function eventRevision(item: ByLocale<EventText>, changed: ReadonlyMap<string, number>): Revision {
  const own = Object.values(item).map((text) => text.source);
  const held = Object.values(item).some((text) => 'club' in text.data.location)
    ? [...changed.keys()].filter((path) => path === CLUBS)
    : [];
  const seconds = Math.max(0, ...[...own, ...held].map((path) => changed.get(path) ?? 0));
  return { sequence: Math.floor(seconds / 60), stamp: new Date(seconds * 1000) };
}
