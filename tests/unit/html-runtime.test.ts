import * as React from 'react';
import { renderToString as reactRender } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import * as runtime from '../../templates/runtime/react.ts';
import { renderToString } from '../../templates/runtime/render.ts';

// The templates' own renderer (templates/runtime/) against react-dom/server, rule by rule: each row
// is one tree, made with React's createElement (the runtime renders React's elements too), and
// both renderers must write the same bytes. A rule the runtime broke fails its row.
const h = React.createElement;
const F = React.Fragment;
const Text = ({ text }: { text: string }) => text;
const image = (src: string, more: Record<string, unknown> = {}) => h('img', { src, alt: '', ...more });
const same = (tree: React.ReactNode) => expect(renderToString(tree)).toBe(reactRender(tree));

const rows: Array<[string, React.ReactNode]> = [
  // Text
  ['two texts in a row are parted by <!-- -->', h('p', null, 'a', 'b')],
  ['texts of two components too', h('p', null, h(Text, { text: 'a' }), h(Text, { text: 'b' }), 'c')],
  ['an empty text parts nothing', h('p', null, 'a', '', 'b')],
  ['numbers and bigints are text', h('p', null, 1, 0, 2n, -0.5)],
  ['null, undefined and booleans write nothing', h('p', null, null, 'a', false, true, undefined, 'b')],
  ['an element between texts parts them', h('p', null, 'a', h('b', null, 'x'), 'c')],
  ['nested arrays and fragments', h('ul', null, [[h('li', { key: 1 }, 'x')], h(F, null, 'y', h(F, null, 'z'))])],
  ['text is escaped', h('p', null, `<a href="x?a=1&b='2'">`)],
  ['a lone string child', h('div', { className: 'x' }, 'only & child')],
  // Attributes
  ['className, htmlFor and tabIndex', h('label', { className: 'c', htmlFor: 'i', tabIndex: -1 }, 'L')],
  ['attribute values are escaped', h('div', { title: `"quoted" & 'single' <tag>`, 'data-x': '&' })],
  ['numbers as attribute values', h('div', { 'data-n': 5, width: 10, height: 0.5 })],
  [
    'a style object',
    h('div', {
      style: {
        marginTop: 4,
        lineHeight: 1.5,
        opacity: 0,
        zIndex: 2,
        backgroundImage: 'url("a.webp")',
        msTransform: 'none',
        '--focus-x': ' 0.5 ',
        color: '',
        border: null,
        outline: false,
      },
    }),
  ],
  ['an empty style writes no attribute', h('div', { style: { color: null } })],
  ['boolean attributes', h('details', { open: true, hidden: false }, h('summary', { inert: true }, 'S'))],
  ['aria-* and data-* write booleans', h('div', { 'aria-hidden': true, 'data-open': false, 'aria-busy': 'true' })],
  ['other booleans are left out', h('div', { translate: true, spellCheck: false, draggable: true })],
  [
    'functions and event handlers are left out',
    h('button', { onClick: () => undefined, onclick: 'x()', type: 'button' }),
  ],
  ['an empty href is kept on <a> only', h(F, null, h('a', { href: '' }, 'a'), h('link', { rel: 'x', href: '' }))],
  ['an empty src is left out', h('img', { src: '', alt: '' })],
  ['javascript: URLs are blocked', h('a', { href: ' javascript:alert(1)' }, 'x')],
  ['autoFocus, multiple, muted as lower-case booleans', h('input', { autoFocus: true, multiple: true, name: 'f' })],
  [
    'props React drops',
    h('div', { suppressHydrationWarning: true, suppressContentEditableWarning: true, innerHTML: 'x', ref: null }),
  ],
  ['key is never an attribute', h('ul', null, [h('li', { key: 'k' }, 'x')])],
  [
    'renamed and aliased names',
    h('meta', { httpEquiv: 'refresh', content: '5', acceptCharset: 'utf-8', crossOrigin: 'anonymous' }),
  ],
  [
    'SVG attribute names',
    h(
      'svg',
      { viewBox: '0 0 24 24', xmlnsXlink: 'http://www.w3.org/1999/xlink', focusable: 'false' },
      h('path', { strokeWidth: 2, fillRule: 'evenodd', strokeLinecap: 'round', d: 'M0 0' }),
      h('use', { xlinkHref: '#a' }),
      h('title', null, 'Icon'),
    ),
  ],
  [
    'rows and cols only from 1, start any number',
    h(F, null, h('textarea', { rows: 0, cols: 3 }), h('ol', { start: 0 })),
  ],
  ['capture and download', h(F, null, h('a', { download: true }, 'd'), h('input', { capture: 'user' }))],
  ['invalid attribute names are left out', h('div', { 'bad name': 'x', 'good-name': 'y' })],
  ['dangerouslySetInnerHTML', h('div', { dangerouslySetInnerHTML: { __html: '<b>raw</b>' } })],
  ['void elements', h('div', null, h('br'), h('hr', { className: 'x' }), h('wbr'), h('source', { srcSet: 'a.webp' }))],
  [
    'custom elements keep names as written',
    h('site-island', {
      className: 'x',
      htmlFor: 'kept',
      'data-props': '{"a":"<b>"}',
      hidden: true,
      off: false,
      object: { a: 1 },
      style: { marginTop: 1 },
      dangerouslySetInnerHTML: { __html: '<p>island</p>' },
    }),
  ],
  // Forms
  [
    'select: the option of its defaultValue is selected',
    h(
      'select',
      { name: 's', defaultValue: 'b', id: 'x' },
      h('option', { value: '' }, 'Choose'),
      h('option', { value: 'b' }, 'B'),
      h('option', null, 'b'),
    ),
  ],
  [
    'select multiple with an array value',
    h(
      'select',
      { multiple: true, value: ['a', 'c'], onChange: () => undefined },
      ['a', 'b', 'c'].map((v) => h('option', { key: v, value: v }, v)),
    ),
  ],
  ['an option outside a select keeps selected', h('option', { selected: true, value: 'x' }, 'X')],
  [
    'textarea: defaultValue as its text, a leading newline doubled',
    h('textarea', { name: 't', defaultValue: '\nline <1>' }),
  ],
  ['textarea: children as its text', h('textarea', { name: 't' }, 'text')],
  [
    'input: name and the value after the other props',
    h('input', { value: 'v', name: 'n', type: 'hidden', id: 'i', defaultChecked: true, formAction: '/go' }),
  ],
  ['input: defaultValue as value', h('input', { defaultValue: 3, type: 'number', min: 1 })],
  ['button: name after the other props', h('button', { name: 'b', className: 'button', type: 'submit' }, 'Go')],
  [
    'form: action, encType, method and target after the other props',
    h('form', { method: 'post', action: '/api/x', className: 'form', 'data-form': 'f', target: '_self' }),
  ],
  [
    'pre: a leading newline doubled',
    h(F, null, h('pre', null, '\ncode'), h('pre', { dangerouslySetInnerHTML: { __html: '\nraw' } })),
  ],
  // Elements React writes itself
  ['script text is not escaped, </script> is', h('script', { type: 'application/ld+json' }, '{"a":"</script>"}')],
  ['script with dangerouslySetInnerHTML', h('script', { type: 'module', dangerouslySetInnerHTML: { __html: 'a<b' } })],
  ['style text, </style> escaped', h('style', null, 'p{color:red}</style>')],
  ['title writes one child, none of two', h(F, null, h('title', null, 5), h('title', null, 'a', 'b'))],
  // Document
  [
    'a document: charset and viewport first, then image preloads, then title, meta and link in order',
    h(
      'html',
      { lang: 'nl' },
      h(
        'head',
        null,
        h('meta', { charSet: 'utf-8' }),
        h('title', null, 'Page & site'),
        h('meta', { name: 'viewport', content: 'width=device-width' }),
        h('link', { rel: 'canonical', href: 'https://example.org/' }),
        h('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{}' } }),
        h('link', { rel: 'stylesheet', href: '/site.css' }),
        h('meta', { property: 'og:title', content: 'T' }),
      ),
      h(
        'body',
        { className: 'b' },
        h('a', { href: '#main' }, 'Skip'),
        h('p', null, 'before', h('meta', { itemProp: 'name', content: 'kept in place' }), 'after'),
        h('p', null, 'text', h('meta', { name: 'late', content: 'moved' }), 'more'),
        h('p', null, 'text', h('link', { rel: 'alternate', href: '/feed.xml' }), 'more'),
        h('svg', null, h('title', null, 'svg title stays')),
        h('noscript', null, h('title', null, 'noscript title stays'), image('/n.webp')),
        image('/hero.webp', {
          srcSet: '/hero.320.webp 320w, /hero.640.webp 640w',
          sizes: '100vw',
          fetchPriority: 'high',
        }),
        image('/lazy.webp', { loading: 'lazy' }),
        image('/low.webp', { fetchPriority: 'low' }),
        image('data:image/png;base64,AAAA'),
        h('picture', null, image('/in-picture.webp')),
        ...Array.from({ length: 12 }, (_, i) => image(`/eager-${i}.webp`, { key: i })),
        image('/eager-11.webp'),
        image('/eager-10.webp', { fetchPriority: 'high' }),
        image('/cors.webp', { crossOrigin: 'use-credentials' }),
        h('script', { type: 'module', src: '/loader.js' }),
      ),
    ),
  ],
  ['html without head', h('html', null, h('body', null, h('title', null, 'T'), h('p', null, 'x')))],
  [
    'no document: what would move into head comes first',
    h('footer', null, h('p', null, 'x'), h('meta', { name: 'a', content: 'b' }), image('/f.webp')),
  ],
  [
    'head and body inside a page element are ordinary',
    h('div', null, h('head', null, 'h'), h('body', { id: 'b' }, 'b')),
  ],
];

describe('templates/runtime renders as react-dom/server', () => {
  test.each(rows)('%s', (_, tree) => same(tree));

  test('the same context API: a provider sets a value for what it holds, and the outer one comes back after', () => {
    const page = (api: { createContext: typeof React.createContext; useContext: typeof React.useContext }) => {
      const Site = api.createContext('default');
      const Show = () => h('i', null, api.useContext(Site));
      return h(
        'div',
        null,
        h(Show),
        h(Site.Provider, { value: 'outer' }, h(Show), h(Site.Provider, { value: 'inner' }, h(Show)), h(Show)),
        h(Show),
      );
    };
    const ours = renderToString(page(runtime as unknown as typeof React));
    expect(ours).toBe(reactRender(page(React)));
    expect(ours).toBe('<div><i>default</i><i>outer</i><i>inner</i><i>outer</i><i>default</i></div>');
  });

  test('a provider gives its value back when what it holds throws (the next page does not see it)', () => {
    const Site = runtime.createContext('none');
    const Fails = () => {
      throw new Error('template failed');
    };
    expect(() => renderToString(h(Site.Provider as never, { value: 'page one' }, h(Fails)))).toThrow('template failed');
    expect(runtime.useContext(Site)).toBe('none');
  });

  test('its own elements (createElement, jsx) render as React elements do', () => {
    const ours = runtime.createElement(
      'p',
      { className: 'x', key: 'k' },
      'a',
      runtime.createElement(runtime.Fragment, null, 'b'),
    );
    expect(renderToString(ours)).toBe(reactRender(h('p', { className: 'x', key: 'k' }, 'a', h(F, null, 'b'))));
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['one child', h('b')],
    ['an array with empty nodes', ['a', null, [h('b'), false, [undefined, 'c']], 0]],
  ])('Children.count and Children.map as React: %s', (_, children) => {
    expect(runtime.Children.count(children)).toBe(React.Children.count(children as React.ReactNode));
    const label = (child: unknown) => (child == null ? 'empty' : typeof child === 'object' ? 'element' : `${child}`);
    const mapped = (children: unknown, map: typeof runtime.Children.map) =>
      map(children, (child, index) => (index % 2 ? [label(child), null] : label(child)));
    expect(mapped(children, runtime.Children.map)).toEqual(
      mapped(children, React.Children.map as unknown as typeof runtime.Children.map),
    );
  });

  test.each<[string, React.ReactNode, RegExp]>([
    ['a class component', h(class extends React.Component {}), /class component.*function components only/],
    [
      'a stylesheet with precedence',
      h('link', { rel: 'stylesheet', href: '/a.css', precedence: 'default' }),
      /hoists it as a resource/,
    ],
    ['an async script', h('script', { async: true, src: '/a.js' }), /hoists it as a resource/],
    ['Suspense', h(React.Suspense, null, 'x'), /not one the templates' renderer knows/],
    [
      'an object as a child',
      h('p', null, { a: 1 } as never),
      /Objects are not valid as a React child \(found: object with keys \{a\}\)/,
    ],
  ])('what React writes otherwise is refused, not written differently: %s', (_, tree, error) => {
    expect(() => renderToString(tree)).toThrow(error);
  });
});
