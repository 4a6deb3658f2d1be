export function readEntry(file: string): Buffer | undefined;
export function entryName(filename: string, content: string): string;
export function useCodeCache(folder: string, options?: { own?: string[] }): void;
export const SETTLED: unique symbol;
