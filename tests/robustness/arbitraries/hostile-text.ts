import fc from 'fast-check';

/**
 * Text editors really paste, and text that trips parsers: direction overrides and zero-width
 * characters from word processors, emoji with joiners, combining accents, lone surrogates (a
 * string cut in the middle of an emoji), control characters, line separators, and the
 * characters YAML and Markdown give a meaning.
 */
export const ODD_PIECES = [
  '\u202Eevil\u202C',
  '\u200F',
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u00AD',
  '🎾',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301',
  'Café',
  'ﬁ',
  'İ',
  'ß',
  'Ⅻ',
  '\uD83C',
  '\uDFBE',
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\u0085',
  '\u2028',
  '\u2029',
  'שלום',
  'مرحبا',
  '日本語',
  '---',
  '...',
  '# kop',
  ': ',
  '- ',
  '? ',
  '{',
  '}',
  '[',
  ']',
  '&a',
  '*a',
  '!!binary',
  '!!js/function',
  '%YAML 1.2',
  '|',
  '>',
  '"',
  "'",
  '\\',
  '`',
  '<script>alert(1)</script>',
  '<!--',
  '-->',
  '<![CDATA[',
  '<div>',
  '</p>',
  '&amp;',
  '&#0;',
  '\t',
  '\r\n',
  '\r',
  '\n',
  ' ',
  '@',
  '%',
  '~',
  'null',
  'true',
  '0x1F',
  '1e999',
  '.nan',
];

const piece = fc.constantFrom(...ODD_PIECES);

/** A string of any code points, lone surrogates included. */
const anyCodePoints = fc.string({ unit: 'binary', maxLength: 40 });

/** Very long text: a megabyte is not needed to find a quadratic parser; 20-100k characters is. */
const veryLong = fc
  .tuple(fc.constantFrom('a', 'é', '🎾', '\u200B', 'ab ', '- ', '[', '*'), fc.integer({ min: 2_000, max: 60_000 }))
  .map(([unit, count]) => unit.repeat(Math.ceil(count / unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: anyCodePoints },
  { weight: 3, arbitrary: piece },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(piece, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: veryLong },
);

/** A value of any YAML type where the schema wants something else (or the same, oddly spelt). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53 + 1, 1e300, -0) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '0000-00-00',
      '2026-11-22T25:00',
      '99999-01-01',
      '2026-11-22',
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

/** Markdown that does not close what it opens, and HTML an editor pasted from elsewhere. */
export const brokenMarkdown: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom(
      '**bold without end',
      '_half',
      '[link](',
      '[link]: <',
      '![img](javascript:alert(1))',
      '```js\nno fence end',
      '<div><span>unclosed',
      '</div></div></section>',
      '<table><tr><td>cell',
      '<script>document.write(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://example.com">',
      '<!-- comment without end',
      '<![CDATA[ x',
      '| a | b |\n|---|\n| 1 |',
      '> > > > quote',
      '- [ ] task\n  - [x',
      '#'.repeat(12),
      '\\',
      '&#xD800;',
      '&nbsp',
      '<<>>',
      '<svg><style>{}</style>',
      '<math><mi>x',
      '[^note]',
      '* * *',
      '<p',
      '<a href="',
      '\u0000',
      '    code\n\ttab',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }))
  .map((parts) => parts.join('\n'));

/**
 * Markdown nested past what the renderer's stack holds, or with so many marks in one paragraph
 * that its parser turns quadratic: each must be refused with a problem, quickly.
 */
export const overwhelmingMarkdown: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('> ', '>', '- ', '1. ', '<div>', '<span>', '<blockquote>', '*a', '_a', '~a', '[', '<', '**'),
    // Past every limit of cli/content/markdown-limits.ts (the largest is 2,000 [ and <).
    fc.integer({ min: 2_100, max: 6_000 }),
  )
  .map(([unit, count]) => `Intro.\n\n${unit.repeat(count)}x\n`);

/** YAML that expands to far more than it says (billion laughs), or nests past any sane depth. */
export const expandingYaml: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 4, max: 10 }).map((levels) => {
    const lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let level = 1; level < levels; level++)
      lines.push(
        `l${level}: &l${level} [${Array(9)
          .fill(`*l${level - 1}`)
          .join(', ')}]`,
      );
    return `${lines.join('\n')}\n`;
  }),
  fc.integer({ min: 200, max: 5_000 }).map((depth) => `deep: ${'['.repeat(depth)}${']'.repeat(depth)}\n`),
  fc
    .integer({ min: 100, max: 2_000 })
    .map((depth) => `deep:\n${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')} 1\n`),
  fc.constantFrom(
    'a: &a [*a]\n',
    'a: *nowhere\n',
    'a: &a\n  b: *a\n',
    'a: &a { <<: *a }\n',
    '<<: *x\n',
    'a: &a 1\na: 2\n',
  ),
);
