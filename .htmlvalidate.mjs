/**
 * html-validate for the built pages: `npx html-validate dist/public` uses it, and so do
 * scripts/gates/html-validate.mjs and tests/quality/html-validate.test.ts. The strictest presets
 * (recommended, plus document: whole-page rules), with an exception only where the rule would
 * fight how React writes valid HTML, or where its aim is met another way. Each says why.
 */
export default {
  root: true,
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // React writes void elements as <meta/>. Both spellings are valid HTML; the rule is there for
    // one consistent spelling, and this is ours.
    'void-style': ['error', { style: 'selfclose' }],
    // templates/entry.tsx writes <!doctype html>; HTML treats the case of the doctype as equal.
    'doctype-style': ['error', { style: 'lowercase' }],
    // React writes a few attribute names in its prop spelling (charSet, hrefLang, srcSet,
    // imageSrcSet, fetchPriority). HTML attribute names are case-insensitive; upper case and any
    // other style stay errors.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // Two renderers write boolean attributes their own valid way: React (templates) required="",
    // Preact (islands) a bare required. The rule only picks a spelling; it cannot allow both.
    'attribute-boolean-style': 'off',
    // Each image's blurred placeholder (a 10x10 webp, DESIGN.md "images") is its own data URI,
    // shown as the <img>'s background until the image paints: data, not styling, which no class
    // can carry, and the CSP allows style attributes (functions/csp.ts). allowedProperties cannot
    // express it: the rule splits declarations at every ";", also the one in "data:image/webp;base64".
    'no-inline-style': 'off',
    // Same-origin stylesheets and islands: SRI guards against a third party changing a file, and
    // the server that could change ours also serves the hash. Third-party ones still need it.
    'require-sri': ['error', { target: 'crossorigin' }],
    // Every title is "<page> | Baseline Tennis" (tests/build holds every page to it) and a news
    // title is the editor's own. 70 characters is a search-result display heuristic: engines cut
    // a longer title when they show it, they do not refuse it.
    'long-title': 'off',
  },
};
