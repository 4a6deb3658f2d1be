/**
 * The relative imports of a bundled ES module, as esbuild writes them: string literals in
 * `import{a}from"./chunk-X.js"`, `import"./x.js"` and `import("./x.js")`. `lazy` are the dynamic
 * ones, fetched only when the code runs that far. Shared by `site check` (cli/check/scripts.ts)
 * and the JavaScript budget (scripts/js-budget.mjs).
 */
export function moduleImports(code: string): { imports: string[]; lazy: string[] } {
  return {
    imports: [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!),
    lazy: [...code.matchAll(/\bimport\s*\(\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!),
  };
}
