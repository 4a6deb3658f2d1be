// markdown-it for the bundled CLI (bin/site.mjs): the same code, its class fields set by plain
// assignment. markdown-it 15 is compiled from TypeScript with every class field set through one
// helper, _defineProperty(object, key, value): a property-key conversion, an `in` test and a store
// through one shared, megamorphic site, for each of the dozen fields of each of the tens of
// thousands of tokens a site's Markdown makes; a third of the Markdown stage went to it
// (bench/RESULTS.md, issue 21). For a key the object does not have yet, which is every field a
// constructor sets (markdown-it's classes have no accessors or methods of those names), the helper
// is `object[key] = value`; written so, each constructor stores its own fields again.
import { readFile } from 'node:fs/promises';

/** `_defineProperty(this, "name", value);` (one line, or one argument a line after a doc comment) as `this.name = value;`. */
const FIELD_CALLS = [
  /^(\t+)_defineProperty\(\n\t+this,\n(?:\t+\/\*\*[\s\S]*?\*\/\n)?\t+"(\w+)",\n([\s\S]*?)\n\1\);$/gm,
  /^(\t+)_defineProperty\(this, "(\w+)", (.*)\);$/gm,
];

/** markdown-it's module with its fields as plain assignments, and how many it rewrote. */
export function plainFields(source) {
  let fields = 0;
  const code = FIELD_CALLS.reduce(
    (text, call) =>
      text.replace(call, (_, indent, name, value) => {
        fields++;
        return `${indent}this.${name} = ${value.trim()};`;
      }),
    source,
  );
  return { code, fields };
}

/** esbuild options: markdown-it and the packages it imports (at their own versions) as one module, out/markdown-it.mjs. */
export function markdownItBundle(packageRoot, outdir) {
  return {
    absWorkingDir: packageRoot,
    entryPoints: { 'markdown-it': 'markdown-it' },
    outdir,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [
      {
        name: 'plain-fields',
        setup(build) {
          build.onLoad({ filter: /[\\/]markdown-it[\\/]dist[\\/]markdown-it\.mjs$/ }, async ({ path }) => ({
            contents: plainFields(await readFile(path, 'utf8')).code,
            loader: 'js',
          }));
        },
      },
    ],
  };
}

/** For the CLI's bundle: `import ... from 'markdown-it'` loads that module (`file`), beside the chunks. */
export const markdownItBeside = (file = './markdown-it.mjs') => ({
  name: 'markdown-it-beside',
  setup(build) {
    build.onResolve({ filter: /^markdown-it$/ }, () => ({ path: file, external: true }));
  },
});
