// renderToString for the templates: the page's elements written straight to a string, with the
// bytes react-dom/server 19 writes (issue 21: React's renderer was ~2.0 of the 2.8 thread-s a
// 4,000-source build spends rendering). What React does to a document is kept: a `<!-- -->`
// between two adjacent texts, <title>, <meta> and <link> moved into <head> after the charset and
// viewport, a preload link for an eager image outside <picture>. What the templates do not use
// (class components, Suspense, hooks other than useContext, resources with `precedence`, async
// scripts) is refused with an error rather than written otherwise than React would.
import { ELEMENT, Fragment, isContext } from './react.ts';
import { escapeAsReact } from './attributes.ts';
import { hostElement } from './elements.ts';
import { type Format, childFormat, ROOT, HEAD, plainEnd } from './format.ts';
import { generic } from './tags.ts';
import { newPreamble, type Output } from './output.ts';
import { VOID_ELEMENTS } from '../../shared/void-elements.ts';

// Elements without an end tag: React writes them whole (or moves them) in their start: the void
// elements, the two obsolete ones React still knows, and the three whose text it writes itself.
const noEndTag = new Set<string>([...VOID_ELEMENTS, 'keygen', 'param', 'title', 'style', 'script']);

/** Walks the elements, writing each into the page's flow or its preamble (./output.ts). */
export class Writer implements Output {
  out = '';
  text = false;
  readonly preamble = newPreamble();

  node(node: unknown, format: Format): void {
    if (typeof node === 'string') this.write(node);
    else if (typeof node === 'number' || typeof node === 'bigint') this.write(`${node}`);
    else if (typeof node === 'object' && node !== null) {
      if ((node as { $$typeof?: symbol }).$$typeof === ELEMENT) {
        const { type, props } = node as { type: unknown; props: Record<string, unknown> };
        this.element(type, props, format);
      } else if (Array.isArray(node)) for (const child of node) this.node(child, format);
      else throw new Error(notAChild(node));
    }
    // null, undefined, booleans, functions and symbols write nothing (React's rule).
  }

  private write(text: string): void {
    if (text === '') return;
    if (this.text) this.out += '<!-- -->';
    this.out += escapeAsReact(text);
    this.text = true;
  }

  private element(type: unknown, props: Record<string, unknown>, format: Format): void {
    if (typeof type === 'string') this.host(type, props, format);
    else if (typeof type === 'function') {
      if (type.prototype?.isReactComponent)
        throw new Error(`class component ${type.name}: the templates' renderer renders function components only`);
      this.node(type(props), format);
    } else if (type === Fragment) this.node(props.children, format);
    else if (isContext(type)) {
      const outer = type.current;
      type.current = props.value;
      try {
        this.node(props.children, format);
      } finally {
        type.current = outer;
      }
    } else
      throw new Error(
        `element type ${String(type)}: not one the templates' renderer knows (templates/runtime/render.ts)`,
      );
  }

  private host(type: string, props: Record<string, unknown>, format: Format): void {
    // Most of a page: a plain element outside <head>'s own segment, whose children are in its format.
    const end = format.mode >= 2 && format.mode !== HEAD ? plainEnd(type) : undefined;
    if (end !== undefined) {
      const children = generic(this, type, props);
      this.text = false;
      this.node(children, format);
      this.out += end;
      this.text = false;
      return;
    }
    const children = hostElement(this, type, props, format);
    this.text = false;
    const inner = childFormat(format, type, props);
    if (inner.mode === HEAD) {
      // <head>'s own children are a segment of their own, written after what was moved into it.
      const [out, text] = [this.out, this.text];
      this.out = '';
      this.text = false;
      this.node(children, inner);
      this.preamble.headContent += this.out;
      [this.out, this.text] = [out, text];
    } else this.node(children, inner);
    if (type === 'body' && format.mode <= 1) this.preamble.hasBody = true;
    else if (type === 'html' && format.mode === 0) this.preamble.hasHtml = true;
    else if (!(type === 'head' && format.mode <= 1) && !noEndTag.has(type)) this.out += `</${type}>`;
    this.text = false;
  }
}

function notAChild(node: object): string {
  const kind = Object.prototype.toString.call(node);
  const found = kind === '[object Object]' ? `object with keys {${Object.keys(node).join(', ')}}` : kind;
  return `Objects are not valid as a React child (found: ${found}). If you meant to render a collection of children, use an array instead.`;
}

/** The whole document (or fragment) as react-dom/server's renderToString writes it. */
export function renderToString(element: unknown): string {
  const writer = new Writer();
  writer.node(element, ROOT);
  const { preamble: p, out } = writer;
  let html = '';
  if (p.html !== undefined) html += p.html + (p.head ?? '<head>');
  else if (p.head !== undefined) html += p.head;
  html += p.charset + p.viewport;
  for (const link of p.images.early.values()) html += link;
  for (const link of p.images.late.values()) html += link;
  html += p.hoisted + p.headContent;
  if (p.html !== undefined || p.head !== undefined) html += '</head>';
  if (p.body !== undefined) html += p.body;
  html += out;
  if (p.hasBody) html += '</body>';
  if (p.hasHtml) html += '</html>';
  return html;
}
