import { relative, sep } from 'node:path';
import type { AssetName } from './compiled-parts.ts';

/** What a batch of file events touched, sorted by the part of the site that must be made again. */
export interface ChangeSet {
  /** Project-relative paths, for the terminal and the event stream. */
  paths: Set<string>;
  config: boolean;
  /** Content files (project-relative) to read again. */
  content: Set<string>;
  /** A folder under content/ came or went: read content/ again from scratch. */
  rescanContent: boolean;
  templates: boolean;
  /** Stylesheets (absolute paths). */
  css: Set<string>;
  /** templates/static: served from disk as they are, so only the open pages reload. */
  static: boolean;
  islands: boolean;
  functions: boolean;
}

export type FileEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

export const WATCHED = ['site.config.yaml', 'content', 'shared', 'templates', 'islands', 'functions'] as const;

export function emptyChanges(): ChangeSet {
  return {
    paths: new Set(),
    config: false,
    content: new Set(),
    rescanContent: false,
    templates: false,
    css: new Set(),
    static: false,
    islands: false,
    functions: false,
  };
}

/** Every part at once: a cold start (the compiled parts each source kind touches; the config adds the stylesheet). */
export function everything(): ChangeSet {
  return { ...emptyChanges(), config: true, rescanContent: true, templates: true, islands: true, functions: true };
}

export const hasChanges = (set: ChangeSet): boolean => set.paths.size > 0;

/** Record one watcher event; false when the path is none of the site's (an editor's temp file in a watched folder still counts). */
export function addChange(set: ChangeSet, root: string, event: FileEvent, file: string): boolean {
  const path = relative(root, file).split(sep).join('/');
  const top = path.split('/')[0];
  const folder = event === 'addDir' || event === 'unlinkDir';
  switch (top) {
    case 'site.config.yaml':
      set.config = true;
      break;
    case 'content':
      if (folder || path === 'content') set.rescanContent = true;
      else set.content.add(path);
      break;
    case 'templates':
      if (path.startsWith('templates/static/')) set.static = true;
      else if (path.endsWith('.css')) set.css.add(file);
      else set.templates = true;
      break;
    case 'shared':
      // The ground floor: templates, islands and functions all import it.
      set.templates = set.islands = set.functions = true;
      break;
    case 'islands':
      set.islands = true;
      break;
    case 'functions':
      set.functions = true;
      break;
    default:
      return false;
  }
  set.paths.add(path);
  return true;
}

/** The compiled parts a batch of changes touches. */
export function partsTouched(
  changes: ChangeSet,
  configChanged: boolean,
  templatesRead: (stylesheet: string) => boolean,
): Set<AssetName> {
  const names = new Set<AssetName>();
  // Templates render islands on the server (preact-alias.ts), so an island is a template input too.
  if (changes.templates || changes.islands) names.add('templates');
  // The card template (templates/cards/) and what it imports: compiled again with the templates.
  if (changes.templates) names.add('cards');
  if (changes.islands) names.add('islands');
  if (changes.functions) names.add('functions');
  if (configChanged || changes.css.size) names.add('css');
  for (const file of changes.css) if (templatesRead(file)) names.add('templates');
  return names;
}
