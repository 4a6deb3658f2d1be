/** The one HTML escape (shared/escape-html.ts) of the search excerpts, the mails and the dev overlay. */
import { expect, test } from 'vitest';
import { escapeHtml } from '../../shared/escape-html.ts';

test.each([
  ['plain text', 'plain text'],
  ['a & b', 'a &amp; b'],
  ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  [`<img src=x onerror="alert('1')">&`, '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;'],
  ['&amp; stays text', '&amp;amp; stays text'],
  ['', ''],
])('%j -> %j', (text, expected) => {
  expect(escapeHtml(text)).toBe(expected);
});

test('leaves no character that could open markup or end a quoted attribute', () => {
  const every = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
  expect(escapeHtml(every)).not.toMatch(/[<>"']/);
  expect(escapeHtml(every).replace(/&(?:amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
});
