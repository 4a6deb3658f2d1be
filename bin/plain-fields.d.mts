import type { BuildOptions, Plugin } from 'esbuild';
export function plainFields(source: string): { code: string; fields: number };
export function markdownItBundle(packageRoot: string, outdir: string): BuildOptions & { write: false; metafile: true };
export function markdownItBeside(file?: string): Plugin;
