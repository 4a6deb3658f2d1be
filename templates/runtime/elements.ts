// The start of each HTML element as react-dom/server 19 writes it (ReactFizzConfigDOM's
// pushStartInstance): the elements whose props or place React treats specially, then every other.
// Returns what is rendered inside the element.
import { attribute, escapeAsReact } from './attributes.ts';
import { type Format, foundPlain, isPlain, SVG } from './format.ts';
import { preloadImage } from './image-preload.ts';
import type { Output } from './output.ts';
import { attributes, customAttributes, generic, innerHtml, type Props, selfClosing } from './tags.ts';

// Names with "-" that are SVG elements, not custom elements: their props are written as any element's.
const SVG_NAMES = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
]);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'keygen', 'param', 'source', 'track', 'wbr']);
const FORM_PROPS = new Set(['name', 'formAction', 'formEncType', 'formMethod', 'formTarget']);
const INPUT_OWN = new Set([...FORM_PROPS, 'defaultChecked', 'defaultValue', 'checked', 'value']);
const FORM_OWN = new Set(['action', 'encType', 'method', 'target']);
const SELECT_OWN = new Set(['value', 'defaultValue']);
const OPTION_OWN = new Set(['selected']);

/** name and the form* props after the others, as React writes them on <input> and <button>. */
function formProps(props: Props): string {
  if (typeof props.formAction === 'function')
    throw new Error("a function as formAction: not supported by the templates' renderer");
  let written = '';
  for (const name of FORM_PROPS) if (props[name] != null) written += attribute(name, props[name]);
  return written;
}

/** Inside <svg> or <noscript>, or with itemProp, React writes <title>, <meta>, <link> and the rest where they are. */
const inPlaceOnly = (format: Format, props: Props) => format.mode === SVG || format.noscript || props.itemProp != null;

const unsupported = (what: string) =>
  new Error(`${what}: React 19 hoists it as a resource; the templates' renderer (templates/runtime) does not`);

export function hostElement(writer: Output, type: string, props: Props, format: Format): unknown {
  if (isPlain(type)) return generic(writer, type, props);
  const preamble = writer.preamble;
  switch (type) {
    case 'select':
      return generic(writer, type, props, '', SELECT_OWN);
    case 'option': {
      let selected = '';
      if (format.selected != null) {
        const value = props.value != null ? `${props.value}` : optionText(props.children);
        const chosen = Array.isArray(format.selected) ? format.selected : [format.selected];
        if (chosen.some((item) => `${item}` === value)) selected = ' selected=""';
      } else if (props.selected) selected = ' selected=""';
      return generic(writer, type, props, selected, OPTION_OWN);
    }
    case 'textarea': {
      if (props.dangerouslySetInnerHTML != null)
        throw new Error('`dangerouslySetInnerHTML` does not make sense on <textarea>.');
      let value = props.value ?? props.defaultValue ?? null;
      if (props.children != null) {
        if (value != null) throw new Error('If you supply `defaultValue` on a <textarea>, do not pass children.');
        value = `${props.children}`;
      }
      const lead = typeof value === 'string' && value[0] === '\n' ? '\n' : '';
      writer.out += `<textarea${attributes(props, SELECT_OWN)}>${lead}${value === null ? '' : escapeAsReact(value)}`;
      return null;
    }
    case 'input': {
      if (props.children != null || props.dangerouslySetInnerHTML != null)
        throw new Error(
          'input is a self-closing tag and must neither have `children` nor use `dangerouslySetInnerHTML`.',
        );
      const checked = props.checked ?? props.defaultChecked;
      const value = props.value ?? props.defaultValue;
      writer.out += `<input${attributes(props, INPUT_OWN)}${formProps(props)}${
        checked != null && checked && typeof checked !== 'function' && typeof checked !== 'symbol' ? ' checked=""' : ''
      }${value != null ? attribute('value', value) : ''}/>`;
      return null;
    }
    case 'button':
      return generic(writer, type, props, formProps(props), FORM_PROPS);
    case 'form': {
      if (typeof props.action === 'function')
        throw new Error("a function as a form action: not supported by the templates' renderer");
      let own = '';
      for (const name of FORM_OWN) if (props[name] != null) own += attribute(name, props[name]);
      return generic(writer, type, props, own, FORM_OWN);
    }
    case 'title': {
      const inPlace = inPlaceOnly(format, props);
      const title = `<title${attributes(props)}>${titleText(props.children)}${innerHtml(props)}</title>`;
      if (inPlace) writer.out += title;
      else preamble.hoisted += title;
      return null;
    }
    case 'link': {
      const inPlace = inPlaceOnly(format, props);
      const { rel, href } = props;
      if (inPlace || typeof rel !== 'string' || typeof href !== 'string' || href === '')
        writer.out += selfClosing(type, props);
      else if (
        rel === 'stylesheet' &&
        typeof props.precedence === 'string' &&
        props.disabled == null &&
        !props.onLoad &&
        !props.onError
      )
        throw unsupported('<link rel="stylesheet" precedence>');
      else if (rel === 'stylesheet' || props.onLoad || props.onError) writer.out += selfClosing(type, props);
      else {
        if (writer.text) writer.out += '<!-- -->';
        preamble.hoisted += selfClosing(type, props);
      }
      return null;
    }
    case 'script':
      if (
        props.async &&
        !inPlaceOnly(format, props) &&
        typeof props.src === 'string' &&
        props.src &&
        !props.onLoad &&
        !props.onError
      )
        throw unsupported('<script async src>');
      writer.out += `<script${attributes(props)}>${innerHtml(props)}${
        typeof props.children === 'string' ? props.children.replace(/(<\/|<)(s)(cript)/gi, scriptEscape) : ''
      }</script>`;
      return null;
    case 'style':
      if (
        typeof props.precedence === 'string' &&
        typeof props.href === 'string' &&
        props.href &&
        !inPlaceOnly(format, props)
      )
        throw unsupported('<style precedence href>');
      writer.out += `<style${attributes(props)}>${styleText(props.children)}${innerHtml(props)}</style>`;
      return null;
    case 'meta': {
      const inPlace = inPlaceOnly(format, props);
      const meta = selfClosing(type, props);
      if (inPlace) writer.out += meta;
      else {
        if (writer.text) writer.out += '<!-- -->';
        if (typeof props.charSet === 'string') preamble.charset += meta;
        else if (props.name === 'viewport') preamble.viewport += meta;
        else preamble.hoisted += meta;
      }
      return null;
    }
    case 'pre':
    case 'listing': {
      const inner = innerHtml(props);
      const children = props.children;
      writer.out += `<${type}${attributes(props)}>${inner[0] === '\n' ? '\n' : ''}${inner}${
        typeof children === 'string' && children[0] === '\n' ? '\n' : ''
      }`;
      return children;
    }
    case 'img':
      if (!format.noscript && !format.picture) preloadImage(writer, props);
      writer.out += selfClosing(type, props);
      return null;
    case 'object':
    case 'menuitem':
      throw new Error(
        `<${type}>: React writes it in its own way; the templates' renderer (templates/runtime) does not`,
      );
    case 'head':
    case 'body':
    case 'html':
      if (format.mode < (type === 'html' ? 1 : 2)) {
        if (preamble[type] !== undefined) throw new Error(`The \`<${type}>\` tag may only be rendered once.`);
        preamble[type] = `<${type}${attributes(props)}>${innerHtml(props)}`;
        return props.children;
      }
      return generic(writer, type, props);
  }
  if (VOID.has(type)) {
    writer.out += selfClosing(type, props);
    return null;
  }
  if (type.includes('-') && !SVG_NAMES.has(type)) {
    writer.out += `<${type}${customAttributes(props)}>${innerHtml(props)}`;
    return props.children;
  }
  if (!/^[a-zA-Z][a-zA-Z:_.\-\d]*$/.test(type)) throw new Error(`Invalid tag: ${type}`);
  foundPlain(type);
  return generic(writer, type, props);
}

const scriptEscape = (_: string, prefix: string, s: string, rest: string) =>
  `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`;

/** <title> and <style> write one child (none when there are two or more). */
function onlyChild(children: unknown): unknown {
  return Array.isArray(children) ? (children.length < 2 ? children[0] : null) : children;
}

function titleText(children: unknown): string {
  const child = onlyChild(children);
  return child == null || typeof child === 'function' || typeof child === 'symbol' ? '' : escapeAsReact(`${child}`);
}

function styleText(children: unknown): string {
  const child = onlyChild(children);
  return child == null || typeof child === 'function' || typeof child === 'symbol'
    ? ''
    : `${child}`.replace(
        /(<\/|<)(s)(tyle)/gi,
        (_, prefix, s, rest) => `${prefix}${s === 's' ? '\\73 ' : '\\53 '}${rest}`,
      );
}

/** An <option>'s text, to compare with its <select>'s value when it has no value of its own. */
function optionText(children: unknown): string {
  let text = '';
  const add = (child: unknown): void => {
    if (Array.isArray(child)) child.forEach(add);
    else if (child != null && typeof child !== 'boolean') text += child;
  };
  add(children);
  return text;
}
