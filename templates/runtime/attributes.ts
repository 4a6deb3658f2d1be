// React 19's rules for writing a prop as an HTML attribute (react-dom/server's pushAttribute and
// pushStyleAttribute, ReactFizzConfigDOM), rewritten to return strings: the templates' pages stay
// byte for byte what react-dom/server wrote (tests/unit/html-runtime.test.ts holds each rule
// against react-dom/server).

const escapable = /["'&<>]/;

/**
 * Text and attribute values as react-dom/server escapes them: " ' & < > (the apostrophe as &#x27;,
 * where shared/escape-html.ts writes &#39;: the pages keep React's bytes).
 */
export function escapeAsReact(value: unknown): string {
  if (typeof value === 'number') return `${value}`;
  const text = `${value}`;
  const first = escapable.exec(text);
  if (!first) return text;
  let html = '';
  let last = 0;
  for (let index = first.index; index < text.length; index++) {
    let entity: string;
    switch (text.charCodeAt(index)) {
      case 34:
        entity = '&quot;';
        break;
      case 38:
        entity = '&amp;';
        break;
      case 39:
        entity = '&#x27;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      default:
        continue;
    }
    if (last !== index) html += text.slice(last, index);
    last = index + 1;
    html += entity;
  }
  return last !== text.length ? html + text.slice(last) : html;
}

// Numbers React writes without "px" in a style object.
const unitless = new Set(
  'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp'.split(
    ' ',
  ),
);

// React's prop names for attributes spelled otherwise in HTML and SVG.
const aliases = new Map<string, string>([
  ['acceptCharset', 'accept-charset'],
  ['htmlFor', 'for'],
  ['httpEquiv', 'http-equiv'],
  ['crossOrigin', 'crossorigin'],
  ...'accentHeight alignmentBaseline arabicForm baselineShift capHeight clipPath clipRule colorInterpolation colorInterpolationFilters colorProfile colorRendering dominantBaseline enableBackground fillOpacity fillRule floodColor floodOpacity fontFamily fontSize fontSizeAdjust fontStretch fontStyle fontVariant fontWeight glyphName glyphOrientationHorizontal glyphOrientationVertical horizAdvX horizOriginX imageRendering letterSpacing lightingColor markerEnd markerMid markerStart maskType overlinePosition overlineThickness paintOrder pointerEvents renderingIntent shapeRendering stopColor stopOpacity strikethroughPosition strikethroughThickness strokeDasharray strokeDashoffset strokeLinecap strokeLinejoin strokeMiterlimit strokeOpacity strokeWidth textAnchor textDecoration textRendering transformOrigin underlinePosition underlineThickness unicodeBidi unicodeRange unitsPerEm vAlphabetic vHanging vIdeographic vMathematical vectorEffect vertAdvY vertOriginX vertOriginY wordSpacing writingMode xHeight'
    .split(' ')
    .map((name): [string, string] => [name, name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)]),
  ['panose-1', 'panose-1'],
  ['xmlnsXlink', 'xmlns:xlink'],
]);

const validName =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: React's attribute-name pattern, as react-dom has it (a range, not a character).
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;
const safeNames = new Map<string, boolean>();

/** An attribute name React writes at all (one it cannot write is left out, as React leaves it). */
export function isSafeName(name: string): boolean {
  let safe = safeNames.get(name);
  if (safe === undefined) safeNames.set(name, (safe = validName.test(name)));
  return safe;
}

const unwritable = (value: unknown) => typeof value === 'function' || typeof value === 'symbol';
const pair = (name: string, value: unknown) => ` ${name}="${escapeAsReact(value)}"`;
const stringAttribute = (name: string, value: unknown) =>
  unwritable(value) || typeof value === 'boolean' ? '' : pair(name, value);
const booleanAttribute = (name: string, value: unknown) => (value && !unwritable(value) ? ` ${name}=""` : '');

// React blocks javascript: URLs in src, href, action and formAction.
const javascriptUrl =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the leading control characters a browser skips in a URL.
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const sanitizeUrl = (url: string) => {
  // A URL that starts with neither a character a browser skips nor j can be no javascript: URL.
  const first = url.charCodeAt(0);
  if (first > 32 && first !== 106 && first !== 74) return url;
  return javascriptUrl.test(url)
    ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
    : url;
};

const styleNames = new Map<string, string>();

/** A style object as React writes it: kebab-case names, px after unit numbers, custom properties as given. */
export function styleAttribute(style: unknown): string {
  if (typeof style !== 'object')
    throw new Error(
      "The `style` prop expects a mapping from style properties to values, not a string. For example, style={{marginRight: spacing + 'em'}} when using JSX.",
    );
  let css = '';
  for (const name in style) {
    if (!Object.hasOwn(style, name)) continue;
    const value: unknown = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === 'boolean' || value === '') continue;
    let property: string;
    let text: string;
    if (name.startsWith('--')) {
      property = escapeAsReact(name);
      text = escapeAsReact(`${value}`.trim());
    } else {
      property = styleNames.get(name) ?? '';
      if (!property)
        styleNames.set(
          name,
          (property = escapeAsReact(
            name
              .replace(/([A-Z])/g, '-$1')
              .toLowerCase()
              .replace(/^ms-/, '-ms-'),
          )),
        );
      text =
        typeof value === 'number'
          ? value === 0 || unitless.has(name)
            ? `${value}`
            : `${value}px`
          : escapeAsReact(`${value}`.trim());
    }
    css += `${css ? ';' : ''}${property}:${text}`;
  }
  return css ? ` style="${css}"` : '';
}

type Rule = (name: string, value: unknown) => string;

/**
 * The rules that write a string value escaped under a fixed name (most of a page's attributes),
 * with that name ('' for the prop's own): attribute() writes such a value with the rule's
 * ` name="` made once, without calling the rule.
 */
const textRules = new Map<Rule, string>();
const named = (written: string, rule: Rule): Rule => {
  textRules.set(rule, written);
  return rule;
};

const lowerBoolean: Rule = (name, value) => booleanAttribute(name.toLowerCase(), value);
const plainBoolean: Rule = (name, value) => booleanAttribute(name, value);
const always = named('', (name, value) => (unwritable(value) ? '' : pair(name, value)));
const url: Rule = (name, value) =>
  value == null || unwritable(value) || typeof value === 'boolean' ? '' : pair(name, sanitizeUrl(`${value}`));
// React's isNaN(value): the value as a number (a numeric string counts).
const notANumber = (value: unknown) => Number.isNaN(Number(value));
const positive: Rule = (name, value) =>
  unwritable(value) || notANumber(value) || !(Number(value) >= 1) ? '' : pair(name, value);
const numeric: Rule = (name, value) => (unwritable(value) || notANumber(value) ? '' : pair(name, value));
const renamed = (attribute: string): Rule => named(attribute, (_, value) => stringAttribute(attribute, value));
const dropped: Rule = () => '';

// The props pushAttribute treats otherwise than "write it under its (aliased) name"; the others'
// rules (plainRule) join them as they are first met.
const rules = new Map<string, Rule>([
  ['className', renamed('class')],
  ['tabIndex', renamed('tabindex')],
  ...['dir', 'role', 'viewBox', 'width', 'height'].map((name): [string, Rule] => [name, renamed(name)]),
  ['style', (_, value) => styleAttribute(value)],
  ['src', (name, value) => (value === '' ? '' : url(name, value))],
  ['href', (name, value) => (value === '' ? '' : url(name, value))],
  ['action', url],
  ['formAction', url],
  ...[
    'defaultValue',
    'defaultChecked',
    'innerHTML',
    'suppressContentEditableWarning',
    'suppressHydrationWarning',
    'ref',
  ].map((name): [string, Rule] => [name, dropped]),
  ...['autoFocus', 'multiple', 'muted'].map((name): [string, Rule] => [name, lowerBoolean]),
  [
    'xlinkHref',
    (_, value) => (unwritable(value) || typeof value === 'boolean' ? '' : pair('xlink:href', sanitizeUrl(`${value}`))),
  ],
  ...[
    'contentEditable',
    'spellCheck',
    'draggable',
    'value',
    'autoReverse',
    'externalResourcesRequired',
    'focusable',
    'preserveAlpha',
  ].map((name): [string, Rule] => [name, always]),
  ...'inert allowFullScreen async autoPlay controls credentialless default defer disabled disablePictureInPicture disableRemotePlayback formNoValidate hidden loop noModule noValidate open playsInline readOnly required reversed scoped seamless itemScope'
    .split(' ')
    .map((name): [string, Rule] => [name, plainBoolean]),
  ...['capture', 'download'].map((name): [string, Rule] => [
    name,
    (n, value) => (value === true ? ` ${n}=""` : value === false || unwritable(value) ? '' : pair(n, value)),
  ]),
  ...['cols', 'rows', 'size', 'span'].map((name): [string, Rule] => [name, positive]),
  ...['rowSpan', 'start'].map((name): [string, Rule] => [name, numeric]),
  ...['Actuate', 'Arcrole', 'Role', 'Show', 'Title', 'Type'].map((part): [string, Rule] => [
    `xlink${part}`,
    renamed(`xlink:${part.toLowerCase()}`),
  ]),
  ...['Base', 'Lang', 'Space'].map((part): [string, Rule] => [`xml${part}`, renamed(`xml:${part.toLowerCase()}`)]),
]);

/** The rule of a prop pushAttribute has no case for: written under its (aliased) name. */
function plainRule(name: string): Rule {
  // Event handlers (on…) are never attributes.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return dropped;
  const written = aliases.get(name) ?? name;
  if (!isSafeName(written)) return dropped;
  const prefix = written.toLowerCase().slice(0, 5);
  const booleans = prefix === 'data-' || prefix === 'aria-';
  return named(written, (_, value) =>
    unwritable(value) || (typeof value === 'boolean' && !booleans) ? '' : pair(written, value),
  );
}

/** A prop's rule, and its ` name="` when the rule writes a string value escaped under a fixed name. */
interface Plan {
  rule: Rule;
  text: string | undefined;
}
const plans = new Map<string, Plan>();

/** One prop of an HTML or SVG element as React writes it (`value` is not null or undefined). */
export function attribute(name: string, value: unknown): string {
  let plan = plans.get(name);
  if (plan === undefined) {
    const rule = rules.get(name) ?? plainRule(name);
    const written = textRules.get(rule);
    plans.set(name, (plan = { rule, text: written === undefined ? undefined : ` ${written || name}="` }));
  }
  return typeof value === 'string' && plan.text !== undefined
    ? `${plan.text}${escapeAsReact(value)}"`
    : plan.rule(name, value);
}
