/**
 * The Markdown limits (cli/content/markdown-limits.ts, issue 11): where a text passes one, and that
 * the scan's short cuts (issue 21: the expressions run only on lines they can match) miss nothing:
 * indentation before a container, containers after indentation, HTML only on lines with a `<`,
 * marks and brackets counted on every line of a paragraph; and the test of the whole text that
 * lets most texts skip the scan (`mayPassLimit`) says yes to every text the scan finds trouble in.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MARKDOWN_LIMITS, markdownTrouble, mayPassLimit, scanLines } from '../../cli/content/markdown-limits.ts';

const nested = `quotes or lists nested more than ${MARKDOWN_LIMITS.depth} levels deep`;
const html = `HTML elements nested more than ${MARKDOWN_LIMITS.depth} levels deep`;
const marks = `more than ${MARKDOWN_LIMITS.marks} * _ ~ marks in one paragraph`;
const brackets = `more than ${MARKDOWN_LIMITS.brackets} [ and < in one paragraph`;

describe('markdownTrouble', () => {
  test.each([
    ['plain text, numbers and dashes', 'Tekst\n\n2024 was een goed jaar - echt.\n\n-- x', undefined],
    ['101 quotes', `${'> '.repeat(101)}x`, { line: 1, problem: nested }],
    ['100 quotes', `${'> '.repeat(100)}x`, undefined],
    ['indentation alone', `${'  '.repeat(101)}x`, { line: 1, problem: nested }],
    ['tabs, then a bullet', `${'\t'.repeat(200)}- x`, { line: 1, problem: nested }],
    ['indentation, then quotes', `${' '.repeat(190)}${'> '.repeat(6)}x`, { line: 1, problem: nested }],
    ['ordered items', `a\n${'1. '.repeat(101)}`, { line: 2, problem: nested }],
    ['digits that are no item', `${'12 '.repeat(200)}`, undefined],
    ['HTML on one line', '<div>'.repeat(101), { line: 1, problem: html }],
    ['HTML over lines', `x\n${'<section>\n'.repeat(101)}`, { line: 102, problem: html }],
    ['HTML closed and void', `${'<div></div><br/><p>'.repeat(150)}`, undefined],
    ['marks in one line', '*'.repeat(1001), { line: 1, problem: marks }],
    ['marks over two lines', `${'_'.repeat(600)}\n${'~'.repeat(401)}`, { line: 2, problem: marks }],
    ['marks in two paragraphs', `${'*'.repeat(600)}\n\n${'*'.repeat(600)}`, undefined],
    ['brackets', `${'[<'.repeat(600)}\nx\n${'['.repeat(801)}`, { line: 3, problem: brackets }],
  ])('%s', (_, text, trouble) => {
    expect(markdownTrouble(text)).toEqual(trouble);
  });
});

describe('mayPassLimit', () => {
  const part = fc.constantFrom(
    ...['> ', '>', '  ', ' ', '\t', '- ', '-', '* ', '+ ', '1. ', '123456789) ', '1.', 'x', 'word ', '\n', '\n\n'],
    ...['\r\n', '\n \n', '<div>', '</div>', '<br>', '<p>', '<a href="x">', '<', '[', '*', '_', '~', '**', '[x](y)'],
  );
  // Runs of one part, up to a few hundred long: at and around every limit.
  const text = fc
    .array(fc.tuple(part, fc.integer({ min: 1, max: 350 })), { maxLength: 10 })
    .map((runs) => runs.map(([piece, times]) => piece.repeat(times)).join(''));

  test('says yes to every text the scan finds a limit passed in', () => {
    let troubled = 0;
    fc.assert(
      fc.property(text, (markdown) => {
        const trouble = scanLines(markdown);
        if (trouble) troubled++;
        return trouble === undefined || mayPassLimit(markdown);
      }),
      { numRuns: 3_000 },
    );
    expect(troubled).toBeGreaterThan(300); // the texts reach the limits, not only plain ones
  });

  test.each([
    ['an article', `Tekst *met* [een link](/x) en <b>vet</b>.\n\n- a\n  - b\n\n> quote\n`, false],
    ['a long line of dashes', '-'.repeat(101), true],
    ['101 elements', '<i>'.repeat(101), true],
    ['1,001 marks', '_'.repeat(1001), true],
    ['1,000 marks', '_'.repeat(1000), false],
  ])('%s', (_, markdown, may) => {
    expect(mayPassLimit(markdown)).toBe(may);
  });
});
