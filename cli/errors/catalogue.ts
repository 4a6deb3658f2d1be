/**
 * Every user-facing problem the tool can report, keyed by a permanent code. The CLI and the
 * dev overlay print from here, so an editor sees the same words everywhere. Tone: what
 * happened, why, what to do.
 */
type Value = string | number;

/**
 * What a message is filled in with: `Required` names it must be given, `Optional` ones it may be
 * (it says something else without them). Typed per entry, so a misspelt or forgotten name fails
 * the typecheck instead of printing "undefined" (tests/unit/catalogue-params.test.ts).
 */
export type Params<Required extends string = never, Optional extends string = never> = Record<Required, Value> &
  Partial<Record<Optional, Value | undefined>>;

export interface CatalogueEntry<P = Params> {
  title: string;
  message: (p: P) => string;
  hint: (p: P) => string;
}

const entry = <Required extends string = never, Optional extends string = never>(
  title: string,
  message: (p: Params<Required, Optional>) => string,
  hint: (p: Params<Required, Optional>) => string,
): CatalogueEntry<Params<Required, Optional>> => ({ title, message, hint });

export const catalogue = {
  NEW_KIND_UNKNOWN: entry<'kind' | 'kinds'>(
    'Unknown kind of content',
    (p) => `site new cannot make a "${p.kind}".`,
    (p) =>
      `Use one of: ${p.kinds}. A new text page is a route in site.config.yaml and its two files (docs/content.md).`,
  ),
  NEW_TITLE_INVALID: entry<'title'>(
    'Title without letters',
    (p) => `The title ${JSON.stringify(p.title)} has no letters or digits to make the file name and URL from.`,
    () => 'Give a title with words, in quotes: npx site new news "Nieuwe gravelbanen".',
  ),
  NEW_NEEDS_IMAGE: entry(
    'No image to start with',
    () => 'A new item needs an image, and content/images has none.',
    () => 'Add a photo to content/images first (jpg, png, webp or svg).',
  ),
  CONFIG_NOT_FOUND: entry<'root', 'project' | 'relative'>(
    'Site config not found',
    (p) => `No site.config.yaml in ${p.root}.`,
    (p) =>
      p.project
        ? `This folder is inside the project ${p.project}: run the command there (\`cd ${p.relative}\`), or pass \`--root ${p.relative}\`.`
        : 'Run the command from the project folder (the one with site.config.yaml), or pass --root.',
  ),
  CONFIG_INVALID: entry<'field' | 'problem'>(
    'Invalid site config',
    (p) => `${p.field}: ${p.problem}`,
    () => 'Fix the setting in site.config.yaml; the comments there say what each setting takes.',
  ),
  YAML_SYNTAX: entry<'problem'>(
    'YAML syntax error',
    (p) => `${p.problem}`,
    () => 'Check indentation and quoting on that line; text with a colon in it needs quotes.',
  ),
  FRONT_MATTER_MISSING: entry(
    'Front matter missing',
    () => 'The file does not start with a front matter block between two --- lines.',
    () => 'Start the file with ---, the fields (id, title, ...), and another --- line before the text.',
  ),
  CONTENT_SCHEMA_MISMATCH: entry<'field' | 'problem' | 'collection'>(
    'Content does not match its schema',
    (p) => `${p.field}: ${p.problem}`,
    (p) =>
      `Fix the field \`${p.field}\`; docs/content.md lists the fields of every kind of content (here: ${p.collection}).`,
  ),
  CONTENT_DUPLICATE_ID: entry<'collection' | 'id' | 'other', 'what'>(
    'Duplicate id',
    (p) => `${p.collection} ${p.what ?? 'id'} ${p.id} is used twice: here and in ${p.other}.`,
    () => 'Give one of them an id no other item uses; ids appear in URLs, so keep published ones.',
  ),
  CONTENT_UNKNOWN_REFERENCE: entry<'field' | 'kind' | 'value' | 'known', 'suggestion' | 'incomplete'>(
    'Unknown reference',
    (p) => `${p.field}: there is no ${p.kind} "${p.value}"${p.suggestion ?? ''}.`,
    (p) =>
      `Use one of: ${p.known}.${p.incomplete ? ` (${p.incomplete}: fix that first, then this list is complete.)` : ''}`,
  ),
  CONTENT_CHECK_SKIPPED: entry<'what' | 'file' | 'who'>(
    'Check could not run',
    (p) => `No ${p.what} list could be read from ${p.file}, so the ${p.what}s that ${p.who} name were not checked.`,
    () => 'Fix the problem in that file above; the next run checks them.',
  ),
  CONTENT_CHANGED_DURING_BUILD: entry<'file'>(
    'Content changed during the build',
    (p) => `${p.file} changed or went away while the build was reading the content.`,
    () => 'Build again once the file is saved: an editor or a sync tool was still writing it.',
  ),
  CONTENT_UNKNOWN_FILE: entry<'file'>(
    'File in an unknown place',
    (p) => `content does not know what ${p.file} is.`,
    () => 'Put content in content/<locale>/{pages,news,events,jobs}/ or content/data/; see docs/content.md.',
  ),
  TRANSLATION_ORPHAN: entry<'collection' | 'id' | 'locale'>(
    'Translation without original',
    (p) => `${p.collection} id ${p.id} exists in ${p.locale} but not in Dutch.`,
    () => 'The Dutch file is the original: add it, or fix the id of the translation.',
  ),
  TRANSLATION_MISSING: entry<'what' | 'locale' | 'expected'>(
    'Missing translation',
    (p) => `${p.what} has no ${p.locale} translation; the ${p.locale} page shows the Dutch text.`,
    (p) => `Add ${p.expected}, or build without --strict to publish the fallback.`,
  ),
  TRANSLATION_INCOMPLETE: entry<'file' | 'field' | 'original'>(
    'Translation incomplete',
    (p) => `${p.file} has no \`${p.field}\`, so the English page shows the Dutch ${p.field} of ${p.original}.`,
    (p) =>
      `Copy \`${p.field}\` from ${p.original} into ${p.file} and translate its text (labels and options); keep every id and type as it is.`,
  ),
  FILE_NAME_NOT_ADDRESS: entry<'file' | 'expected'>(
    'File name is not the address',
    (p) => `${p.file} is not named <id>-<slug>.md for its id, so its address comes from its title: ${p.expected}.`,
    (p) => `Rename the file to ${p.expected}.md (the file name is the address), or set \`slug\` in its front matter.`,
  ),
  STRING_MISSING: entry<'where' | 'key' | 'file'>(
    'UI string missing',
    (p) => `The ${p.where} of site.config.yaml shows the UI string ${p.key}, and ${p.file} has none.`,
    (p) => `Add ${p.key} (its text) to ${p.file}, and to content/en/strings.yaml in English.`,
  ),
  UI_STRING_MISSING: entry<'key' | 'usedAt' | 'file', 'suggestion'>(
    'UI string missing',
    (p) => `${p.file} has no UI string ${p.key}${p.suggestion ?? ''}, and the templates show it (${p.usedAt}).`,
    (p) =>
      `Add ${p.key} (its text) to ${p.file}, nested by the dots of its name, and to content/en/strings.yaml in English.`,
  ),
  PAGE_CONTENT_MISSING: entry<'route' | 'expected'>(
    'Page text missing',
    (p) => `The route "${p.route}" has no page text.`,
    (p) => `Create ${p.expected} with a title, a description and a hero image.`,
  ),
  MARKDOWN_TOO_COMPLEX: entry<'field' | 'problem'>(
    'Markdown too complex to render',
    (p) => `${p.field}: ${p.problem}.`,
    () =>
      'Text like this almost always comes from pasting by mistake: look at that line, remove what does not belong, or split the paragraph.',
  ),
  ROUTE_COLLISION: entry<'path' | 'first' | 'second'>(
    'Two pages write the same path',
    (p) => `${p.path} is produced by ${p.first} and by ${p.second}.`,
    () => 'Change the slug or the title of one of them (or the route in site.config.yaml).',
  ),
  IMAGE_NOT_FOUND: entry<'field' | 'name', 'suggestion' | 'known'>(
    'Image not found',
    (p) => `${p.field}: no image "${p.name}" in content/images${p.suggestion ?? ''}.`,
    (p) =>
      `Add content/images/${p.name}.jpg (or .png, .webp, .svg), or use an existing name${p.known ? `: ${p.known}` : ''}.`,
  ),
  IMAGE_FOCUS_INVALID: entry<'field' | 'problem'>(
    'Focal point not understood',
    (p) => `${p.field}: ${p.problem}`,
    () =>
      'Give each image one line in content/images/focus.yaml: its name, then the spot every crop keeps, across then down, e.g. `court-clay-1: 40% 65%` (docs/images.md).',
  ),
  IMAGE_UNREADABLE: entry<'file' | 'problem'>(
    'Image cannot be read',
    (p) => `${p.file} is not a readable image (${p.problem}).`,
    () => 'Export the image again as JPEG, PNG or WebP and replace the file.',
  ),
  IMAGE_CHANGED_DURING_BUILD: entry<'file'>(
    'Image changed during the build',
    (p) => `${p.file} changed or went away while the build was making its files.`,
    () => 'Build again once the image is saved: an editor or a sync tool was still writing it.',
  ),
  TEMPLATE_FAILED: entry<'path' | 'template' | 'problem'>(
    'Template failed',
    (p) => `Rendering ${p.path} with template ${p.template} failed: ${p.problem}`,
    () => 'The error is in the template code (templates/), not in your content; the line above says where.',
  ),
  TEMPLATE_ENTRY_INVALID: entry<'found'>(
    'Template entry has no renderPage',
    (p) => `templates/entry.tsx must export a function renderPage; it exports ${p.found}.`,
    () =>
      "Export `renderPage(input)` from templates/entry.tsx (it returns a page's HTML). If the file was being saved, the next save or build picks it up.",
  ),
  CARD_FAILED: entry<'path' | 'problem'>(
    'Social card failed',
    (p) => `Drawing the social card of ${p.path} failed: ${p.problem}`,
    () =>
      'The card template (templates/cards/ShareCard.tsx) uses something satori cannot draw: every box with more than one child needs display: flex, and only the Inter font is loaded.',
  ),
  SEARCH_INDEX_FAILED: entry<'path' | 'problem'>(
    'Search index failed',
    (p) => `The search index could not be written to ${p.path}: ${p.problem}`,
    () => 'Check that the output folder is writable and its disk is not full, then build again.',
  ),
  COMPILE_FAILED: entry<'problem'>(
    'Compile error',
    (p) => `${p.problem}`,
    () => 'Fix the code at that line; the build retries on the next save or run.',
  ),
  OUTPUT_LOCKED: entry<'lock' | 'pid'>(
    'Another build is running',
    (p) => `${p.lock} is held by process ${p.pid}.`,
    () => 'Wait for the other build to finish; delete the lock file if that process no longer exists.',
  ),
  DIST_NOT_FOUND: entry<'dist' | 'missing'>(
    'Build output not found',
    (p) => `${p.dist} has no ${p.missing}.`,
    () => 'Run `npx site build` first, or pass --out with the folder a build wrote.',
  ),
  DIST_INVALID: entry<'file' | 'problem'>(
    'Build output unreadable',
    (p) => `${p.file}: ${p.problem}`,
    () => 'The folder was not written by this version of site, or was edited by hand: run `npx site build` again.',
  ),
  SERVE_ENV_INVALID: entry<'problem'>(
    'Invalid server setting',
    (p) => `${p.problem}`,
    () => 'Fix the environment variable named above; docs/serve.md lists every variable the server reads.',
  ),
  SERVE_LISTEN_FAILED: entry<'host' | 'port' | 'problem'>(
    'Cannot listen',
    (p) => `Cannot listen on ${p.host}:${p.port} (${p.problem}).`,
    () => 'Another program may use that port: stop it, or pass another --port (0 picks a free one).',
  ),
  FIREBASE_TOOLS_MISSING: entry<'needed'>(
    'firebase-tools not installed',
    (p) => `${p.needed}, and firebase-tools is not installed beside site.`,
    () =>
      'It is one of the devDependencies: run `npm ci` (without --omit=dev). The build reads from it which Node.js runtimes Firebase still deploys.',
  ),
  FUNCTIONS_LOCK_MISSING: entry<'file'>(
    'No lockfile for the functions',
    (p) => `The build pins the function's packages to the project's lockfile, and ${p.file} is missing.`,
    () =>
      'Run `npm ci` (or `npm install`) in the project: it installs firebase-functions, firebase-admin and pg and writes package-lock.json.',
  ),
  DEPLOY_PROJECT_MISSING: entry(
    'No Firebase project',
    () => 'No project to deploy to: neither --project nor firebase.projectId in site.config.yaml names one.',
    () => 'Pass --project <project-id> (the id in the Firebase console, under Project settings).',
  ),
  DEPLOY_DEMO_PROJECT: entry<'project'>(
    'A demo project cannot be deployed',
    (p) => `${p.project} is a demo project: it exists only in the Firebase emulators.`,
    () => 'Use --check with it (it checks everything without uploading), or deploy to a real project id.',
  ),
  DEPLOY_RUNTIME_REFUSED: entry<'file' | 'runtime' | 'problem'>(
    'Functions runtime not deployable',
    (p) => `${p.file} asks for ${p.runtime}: ${p.problem}.`,
    () =>
      'Run `npx site build` again: it picks a runtime the installed firebase-tools deploys. If none is left, update firebase-tools (npm install --save-dev --save-exact firebase-tools@<version>).',
  ),
  DEPLOY_PREPARE_FAILED: entry<'dir' | 'problem'>(
    'Functions packages not installed',
    (p) => `npm ci in ${p.dir} failed: ${p.problem}`,
    () =>
      "It installs the versions of dist/functions/package-lock.json (this project's own): from npm's cache when `npm ci` of this project filled it, else from the registry. Run `npm ci` here first, then try again.",
  ),
  PACKAGE_NOT_INSTALLED: entry<'name'>(
    'Package not installed',
    (p) =>
      `site needs the package ${p.name}, which is not in node_modules (installed packages older than package.json, or npm ci never ran here).`,
    () => 'Run `npm ci` in the project folder (after every pull that changes package.json), then the command again.',
  ),
  DEPLOY_FUNCTIONS_NOT_LOADING: entry<'dir' | 'problem'>(
    'Functions do not load',
    (p) => `${p.dir} does not load as Firebase loads it: ${p.problem}`,
    () =>
      'Run `npx site build` again; if that does not help, the message above names what the function cannot find or do when it starts.',
  ),
  DEPLOY_HEADER_ON_FUNCTION: entry<'rule' | 'path'>(
    'Header rule on a function path',
    (p) => `firebase.json header rule ${p.rule} matches ${p.path}, a function's path.`,
    () =>
      "Hosting puts these headers over the function's own, so personal answers would go out public and sign-in would lose its cookie. Header rules are for files: run `npx site build` again for the generated ones.",
  ),
  DEPLOY_SECRET_MISSING: entry<'name' | 'why' | 'where' | 'fix'>(
    'Secret not set',
    (p) => `The function needs ${p.name} (${p.why}), and it is not set ${p.where}.`,
    (p) => p.fix as string,
  ),
  DEPLOY_SECRET_UNCHECKED: entry<'project' | 'name' | 'problem'>(
    'Secret not checked',
    (p) => `Could not check whether project ${p.project} has the secret ${p.name}: ${p.problem}`,
    () =>
      '`firebase deploy` checks it before it uploads anything: it asks for a value at a terminal, and refuses without one.',
  ),
  DEPLOY_FAILED: entry<'command' | 'code'>(
    'firebase deploy failed',
    (p) => `firebase ${p.command} ended with exit code ${p.code}.`,
    () =>
      'Its own output above says why. Nothing changes on the live site until a deploy completes; Hosting keeps the previous release.',
  ),
  INTERNAL: entry<'problem'>(
    'Internal error',
    (p) => `${p.problem}`,
    () => 'This is a bug in site itself, not in your content. Please report it with the output above.',
  ),
};

export type ErrorCode = keyof typeof catalogue;
/** The parameters the message of `code` is filled in with. */
export type ParamsOf<C extends ErrorCode> = Parameters<(typeof catalogue)[C]['message']>[0];
