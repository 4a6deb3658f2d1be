import { createRequire } from 'node:module';
import type Sharp from 'sharp';

/**
 * sharp's CommonJS build, through `require`. `import 'sharp'` loads its ESM build: fourteen
 * modules, and the CommonJS packages they import each read through cjs-module-lexer first, in
 * about twice the CPU (54-96 ms against 34-40, measured alone on Node 20; issue 21). Every build
 * that changed anything pays it: the image stage keys its files by sharp's versions. The same code
 * and the same native library; every module of the tool takes sharp from here, so it loads once.
 */
const sharp = createRequire(import.meta.url)('sharp') as typeof Sharp;
export default sharp;
