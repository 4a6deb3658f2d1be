import * as React from 'react';
import { renderToString as reactRender } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { renderToString } from '../../templates/runtime/render.ts';

// The runtime's short ways (templates/runtime: a string prop written with its ` name="` made once,
// a URL that cannot be a javascript: URL left as it is, a plain element met before written without
// its special cases, the formats made once) against react-dom/server: each tree is rendered twice,
// so the second time takes every short way the first one set up.
const h = React.createElement;
const F = React.Fragment;
const same = (tree: React.ReactNode) => {
  expect(renderToString(tree)).toBe(reactRender(tree));
  expect(renderToString(tree)).toBe(reactRender(tree));
};

// A text with each character React escapes at the start, in the middle and at the end, and none.
const texts = ['plain text', ...['"', '&', "'", '<', '>'].flatMap((c) => [`${c}start`, `mid${c}dle`, `end${c}`])];
// Props each rule that writes a string under a fixed name covers: renamed, its own name, aliased, data-*.
const textProps = ['className', 'title', 'tabIndex', 'contentEditable', 'acceptCharset', 'data-x', 'aria-label'];

describe('a string prop written by its made-once name', () => {
  test.each(texts)('%s', (text) =>
    same(
      h(
        'div',
        Object.fromEntries(textProps.map((name) => [name, text])),
        h('input', { value: text, name: text }),
        h('svg', { viewBox: text }, h('path', { strokeWidth: text, d: text })),
        h('a', { href: `/x?${text}` }, text),
      ),
    ),
  );
  test('the same props with values other than strings keep their rules', () =>
    same(
      h(F, null, [
        h('div', { key: 1, className: 'c', title: 't', 'data-x': 'd', contentEditable: 'true' }),
        h('div', { key: 2, className: true, title: false, 'data-x': true, contentEditable: true, tabIndex: 0 }),
        h('div', { key: 3, className: 5, title: 0, 'data-x': false, 'aria-label': 1n, contentEditable: false }),
        h('div', { key: 4, className: () => 'c', title: Symbol('s'), 'data-x': ['a', 'b'] }),
      ]),
    ));
});

describe('URLs', () => {
  const urls = [
    '/path',
    'https://example.org/',
    'jobs/',
    'Jobs/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    '\u0000javascript:alert(1)',
    'j\na\tvascript:alert(1)',
    'J\rAVASCRIPT:alert(1)',
    '!javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ];
  test.each(urls)('%j in href, src, action, formAction and xlinkHref', (url) =>
    same(
      h(
        'form',
        { action: url },
        h('a', { href: url }, 'a'),
        h('img', { src: url, alt: '' }),
        h('button', { formAction: url }, 'b'),
        h('svg', null, h('use', { xlinkHref: url })),
      ),
    ),
  );
});

describe('plain elements met before', () => {
  test('<a> keeps an empty href, the first time and later', () =>
    same(h(F, null, h('a', { href: '' }, 'first'), h('div', null, h('a', { href: '' }, 'later')))));
  test('at the root and inside <html>, before <body>', () =>
    same(
      h(F, null, h('span', null, 'a'), h('html', null, h('span', null, 'b'), h('body', null, h('span', null, 'c')))),
    ));
  test('inside <head> the second time as the first (a tag no other test renders)', () => {
    // React writes none of such an element's children in <head>; the runtime writes them ahead of it
    // (the templates put no such element there): the short way must not change what it writes.
    const tree = h('html', null, h('head', null, h('bdi', null, h('b', null, 'x'))), h('body', null, 'y'));
    expect(renderToString(tree)).toBe(renderToString(tree));
  });
  test('children in <svg>, <noscript> and <picture> keep their format', () =>
    same(
      h(
        'div',
        null,
        h('svg', null, h('g', null, h('title', null, 'stays'), h('meta', { name: 'in', content: 'svg' }))),
        h('noscript', null, h('div', null, h('img', { src: '/n.webp', alt: '' }), h('title', null, 'stays'))),
        h('picture', null, h('span', null, h('img', { src: '/p.webp', alt: '' }))),
        h('div', null, h('img', { src: '/page.webp', alt: '' }), h('meta', { name: 'moved', content: 'x' })),
      ),
    ));
});
