/**
 * The project's import graph, read with the TypeScript compiler's parser (no type checking, so
 * the whole repository parses in well under a second). Every import counts: value, `import type`,
 * `export … from`, `import()` and `typeof import()`, because a type-only circle is still a circle
 * a reader has to untangle, and a type import across packages still couples them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import of a file; `typeOnly` when nothing of it is left at run time (`import type`, `typeof import()`). */
export interface Import {
  target: string;
  typeOnly: boolean;
}

/** Source files (repository-relative, `/`-separated) mapped to what they import. */
export type ImportGraph = Map<string, Import[]>;

const SOURCE = /\.tsx?$/;

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

interface Specifier {
  text: string;
  typeOnly: boolean;
}

function specifiers(file: string, text: string): Specifier[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Specifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import { type A }` still loads the module under verbatimModuleSyntax: only `import type` is free.
      found.push({ text: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ text: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ text: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push({ text: first.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph of the given top-level folders; imports of packages (not relative paths) are left out. */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const imports = new Map<string, Import>();
    for (const specifier of specifiers(file, readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.text.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), specifier.text))
        .split(sep)
        .join('/');
      // A file imported both ways is imported at run time.
      imports.set(target, { target, typeOnly: specifier.typeOnly && (imports.get(target)?.typeOnly ?? true) });
    }
    graph.set(file, [...imports.values()]);
  }
  return graph;
}

/** Each circle once, as the files along it (Tarjan's strongly connected components of size > 1, or a self-import). */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { target } of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.some((edge) => edge.target === file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return circles;
}
