import { describe, expect, test } from 'vitest';
import { jsonLd } from '../../templates/lib/structured-data.ts';

// A news title or event name is editor text inside <script type="application/ld+json">: a `<`
// left as it is could close the script (`</script>`) or open a comment, so every one is escaped.
describe('jsonLd', () => {
  test.for([
    ['no angle bracket', { name: 'Baseline Tennis' }, '{"name":"Baseline Tennis"}'],
    ['< first', { name: '<b' }, '{"name":"\\u003cb"}'],
    ['< last', { name: 'a<' }, '{"name":"a\\u003c"}'],
    [
      '</script> in a title',
      { headline: 'x</script><script>alert(1)</script>' },
      '{"headline":"x\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    ],
    ['a comment opener', { name: '<!-- a' }, '{"name":"\\u003c!-- a"}'],
    [
      'nested, in an array',
      { image: [{ url: '/a<b' }, { url: '/c' }] },
      '{"image":[{"url":"/a\\u003cb"},{"url":"/c"}]}',
    ],
  ] as const)('%s', ([, data, expected]) => {
    const json = jsonLd(data);
    expect(json).toBe(expected);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(data);
  });
});
