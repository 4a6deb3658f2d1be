// Start tags as react-dom/server writes them: a prop list as attributes, the HTML of
// dangerouslySetInnerHTML, a self-closing element, and any element's start.
import { attribute, escapeAsReact, isSafeName, styleAttribute } from './attributes.ts';
import type { Output } from './output.ts';

export type Props = Record<string, unknown>;

/** Every prop but children and dangerouslySetInnerHTML as attributes, less those `skip` keeps for itself. */
export function attributes(props: Props, skip?: Set<string>): string {
  let written = '';
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (value == null || name === 'children' || name === 'dangerouslySetInnerHTML' || skip?.has(name)) continue;
    written += attribute(name, value);
  }
  return written;
}

/** dangerouslySetInnerHTML's HTML, checked as React checks it. */
export function innerHtmlOf(inner: unknown, children: unknown): string {
  if (inner == null) return '';
  if (children != null) throw new Error('Can only set one of `children` or `props.dangerouslySetInnerHTML`.');
  if (typeof inner !== 'object' || !('__html' in inner))
    throw new Error('`props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`.');
  return inner.__html == null ? '' : `${inner.__html}`;
}

export const innerHtml = (props: Props) => innerHtmlOf(props.dangerouslySetInnerHTML, props.children);

export function selfClosing(type: string, props: Props): string {
  if (props.children != null || props.dangerouslySetInnerHTML != null)
    throw new Error(
      `${type} is a self-closing tag and must neither have \`children\` nor use \`dangerouslySetInnerHTML\`.`,
    );
  return `<${type}${attributes(props)}/>`;
}

/**
 * An element's start as pushStartGenericElement writes it (`extra`: attributes an element writes
 * after the others; `skip`: props it writes itself or not at all), and its children.
 */
export function generic(writer: Output, type: string, props: Props, extra = '', skip?: Set<string>): unknown {
  // On <a> an empty href stays (elsewhere React drops it).
  const emptyHref = type === 'a';
  let attrs = '';
  let children: unknown;
  let inner: unknown;
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (value == null) continue;
    if (name === 'children') children = value;
    else if (name === 'dangerouslySetInnerHTML') inner = value;
    else if (skip === undefined || !skip.has(name))
      attrs += emptyHref && name === 'href' && value === '' ? ' href=""' : attribute(name, value);
  }
  writer.out += `<${type}${attrs}${extra}>`;
  if (inner !== undefined) writer.out += innerHtmlOf(inner, children);
  return children;
}

/** Custom elements (a name with "-"): props as written, className as class, true as "". */
export function customAttributes(props: Props): string {
  let written = '';
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (value == null) continue;
    switch (name) {
      case 'children':
      case 'dangerouslySetInnerHTML':
      case 'suppressContentEditableWarning':
      case 'suppressHydrationWarning':
      case 'ref':
        continue;
      case 'style':
        written += styleAttribute(value);
        continue;
    }
    if (!isSafeName(name) || typeof value === 'function' || typeof value === 'symbol' || value === false) continue;
    if (typeof value === 'object') continue;
    written += ` ${name === 'className' ? 'class' : name}="${value === true ? '' : escapeAsReact(value)}"`;
  }
  return written;
}
