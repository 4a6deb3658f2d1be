/**
 * Ways to write "go to evil.example" so that it looks like a path on this site (issue 17, item 1).
 * Each must be refused as a return path after signing in: tests/security/return-path.test.ts
 * checks the function, tests/auth/navigation.browser.test.ts opens each in Chromium.
 */
export const offSiteReturnPaths: ReadonlyArray<readonly [trick: string, why: string]> = [
  ['/.//evil.example/phish', 'a dot segment that resolves to //evil.example (the reported attack)'],
  ['/a/..//evil.example', 'a dot-dot segment that resolves to //evil.example'],
  ['/%2e//evil.example', 'an encoded dot segment'],
  ['/a/%2E%2E//evil.example', 'an encoded dot-dot segment, upper case'],
  ['/./\\evil.example', 'a dot segment and a backslash'],
  ['//evil.example/login', 'a protocol-relative URL'],
  ['///evil.example', 'three slashes'],
  ['/\\evil.example', 'a backslash, which browsers read as a slash'],
  ['/\\/evil.example', 'a backslash and a slash'],
  ['\\\\evil.example', 'two backslashes'],
  ['\\/evil.example', 'a backslash first'],
  ['/%2F%2Fevil.example', 'encoded slashes'],
  ['/%2f/evil.example', 'an encoded slash, lower case, then a slash'],
  ['/%2e/%2fevil.example', 'an encoded dot segment, then an encoded slash'],
  ['/%252F%252Fevil.example', 'slashes encoded twice'],
  ['/%5Cevil.example', 'an encoded backslash'],
  ['/%5c%5cevil.example', 'encoded backslashes, lower case'],
  ['/%255Cevil.example', 'a backslash encoded twice'],
  ['/\t/evil.example', 'a tab the URL parser removes, leaving //'],
  ['/\n/evil.example', 'a newline the URL parser removes, leaving //'],
  ['/\r\n/evil.example', 'CR LF'],
  ['/%09/evil.example', 'an encoded tab'],
  ['/%0a/evil.example', 'an encoded newline'],
  ['/%00/evil.example', 'an encoded NUL'],
  ['\t//evil.example', 'a leading tab'],
  [' //evil.example', 'a leading space the URL parser trims'],
  ['https://evil.example/', 'an absolute URL elsewhere'],
  ['HTTPS://evil.example/', 'an absolute URL, upper-case scheme'],
  ['hTtP://evil.example/', 'an absolute URL, mixed-case scheme'],
  ['https:evil.example', 'a scheme without slashes, which special schemes still read as a host'],
  ['https:/\\evil.example', 'a scheme, a slash and a backslash'],
  ['https://www.baselinetennis.nl@evil.example/', 'our name as the user part of another host'],
  ['javascript:alert(document.cookie)', 'a script URL'],
  ['JaVaScRiPt:alert(document.cookie)', 'a script URL, mixed case'],
  ['java\tscript:alert(document.cookie)', 'a script URL with a tab the parser removes'],
  ['data:text/html,<script>alert(1)</script>', 'a data URL'],
  ['/%E0%A4%A', 'a path that is not valid UTF-8'],
];

/** Paths that stay on the site, with what the visitor is sent to. */
export const onSiteReturnPaths: ReadonlyArray<readonly [path: string, result: string]> = [
  ['/kampen', '/kampen'],
  ['/en/events/12-summer-camp', '/en/events/12-summer-camp'],
  ['/nieuws?pagina=2#top', '/nieuws?pagina=2#top'],
  ['/', '/'],
  ['/a/../kampen', '/kampen'],
  ['/kampen?next=//evil.example', '/kampen?next=//evil.example'],
  ['/https://evil.example', '/https://evil.example'],
];
