/**
 * Islands rendered on the server exactly as the build renders them (Preact, via the same alias):
 * the markup a visitor gets before any script, which hydration must then match.
 */
import { describe, expect, test } from 'vitest';
import { renderIsland } from '../../islands/runtime/server.ts';
import { fieldPatterns } from '../../islands/lib/form-rules.ts';
import { islands } from '../../islands/index.ts';

/**
 * The attributes of every start tag of `name` in `html` (order-free: Preact writes `class` last).
 * Enough of a parser for markup we produce ourselves: quoted values, no `>` inside them.
 */
function tags(html: string, name: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${name}(\\s[^>]*)?>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((attr) => [attr[1]!, attr[2] ?? '']),
    ),
  );
}
const tag = (html: string, name: string, where: Record<string, string> = {}) =>
  tags(html, name).find((attrs) => Object.entries(where).every(([key, value]) => attrs[key] === value));

const text = {
  required: 'Dit veld is verplicht.',
  invalidEmail: 'Vul een geldig e-mailadres in.',
  invalidPhone: 'Vul een geldig telefoonnummer in.',
  tooLong: 'Gebruik hoogstens {max} tekens.',
  optional: 'optioneel',
  send: 'Versturen',
  sending: 'Bezig met versturen…',
  success: 'Aanmeldformulier verzonden.',
  failure: 'Er is iets mis gegaan bij het verzenden.',
};

describe('avatar', () => {
  test.each([
    [
      { alt: 'Sanne de Wit', size: 'xl' },
      ['data-avatar="text"', 'role="img"', 'aria-label="Sanne de Wit"', '>SD<', 'avatar-xl'],
      ['<img', '<svg', 'style='],
    ],
    [{ size: '3xs' }, ['data-avatar="icon"', '<svg', 'aria-hidden="true"', 'avatar-3xs'], ['role="img"']],
    [{}, ['avatar-md'], []],
    [
      { src: '/images/sanne.webp', alt: 'Sanne de Wit', size: '3xl' },
      ['data-avatar="image"', '<img', 'alt="Sanne de Wit"', 'width="48"', 'height="48"'],
      ['>SD<'],
    ],
    [{ alt: 'Sanne de Wit', text: 'BT' }, ['>BT<'], ['>SD<']],
  ] as const)('%o', (props, present, absent) => {
    const html = renderIsland(islands.avatar, props);
    for (const part of present) expect(html).toContain(part);
    for (const part of absent) expect(html).not.toContain(part);
  });
});

test('a form: labelled fields, optional marked, messages tied to their control, a honeypot out of reach', () => {
  const html = renderIsland(islands['job-form'], {
    id: 'job-2',
    locale: 'nl',
    jobId: '2',
    open: 'Solliciteer direct',
    labels: {
      firstName: 'Voornaam',
      surname: 'Achternaam',
      email: 'E-mailadres',
      phone: 'Telefoonnummer',
      motivation: 'Motivatie',
    },
    text,
  });
  expect(html).toMatch(/<summary class="button">Solliciteer direct<\/summary>/);
  // Without JavaScript the browser checks the fields itself (no novalidate until the island runs),
  // and posts what the island would add to the body (kind, language, vacancy) as hidden fields.
  expect(tag(html, 'form')).toEqual({ method: 'post', action: '/mail/send-new', class: 'form', 'aria-busy': 'false' });
  expect(
    [{ name: 'kind' }, { name: 'locale' }, { name: 'jobId' }].map((attributes) => tag(html, 'input', attributes)),
  ).toEqual([
    { type: 'hidden', name: 'kind', value: 'job' },
    { type: 'hidden', name: 'locale', value: 'nl' },
    { type: 'hidden', name: 'jobId', value: '2' },
  ]);
  expect(html).toContain('<label for="job-2-firstName">Voornaam</label>');
  expect(tag(html, 'input', { name: 'email' })).toEqual({
    id: 'job-2-email',
    name: 'email',
    required: '',
    'aria-describedby': 'job-2-email-error',
    autocomplete: 'email',
    pattern: fieldPatterns.email,
    type: 'email',
    maxlength: '254',
  });
  expect(tag(html, 'input', { name: 'phone' })).toMatchObject({ type: 'tel', pattern: fieldPatterns.phone });
  expect(html).toContain('<label for="job-2-phone">Telefoonnummer<span class="optional"> (optioneel)</span></label>');
  expect(tag(html, 'input', { name: 'phone' })).not.toHaveProperty('required');
  expect(tag(html, 'textarea', { name: 'motivation' })).toMatchObject({ required: '', maxlength: '10000' });
  expect(tag(html, 'p', { id: 'job-2-email-error' })).toEqual({ id: 'job-2-email-error', class: 'field-error' });
  expect(tag(html, 'div', { class: 'form-trap' })).toEqual({ class: 'form-trap', 'aria-hidden': 'true' });
  expect(tag(html, 'input', { name: 'website' })).toMatchObject({ tabindex: '-1', autocomplete: 'off' });
  expect(tag(html, 'button')).toEqual({ type: 'submit', 'aria-disabled': 'false', class: 'button' });
  expect(html).toContain('>Versturen</button>');
});

const signupProps = {
  dates: { signupStartDate: '2025-08-04', signupEndDate: '2025-09-07', lessonStartDate: '2025-09-29' },
  states: {
    upcoming: { message: 'opens', note: 'lessons later', action: { label: 'Ask', href: '#vraag' } },
    open: { message: 'open', action: { label: 'Sign up', href: 'https://example.nl/club' } },
    closed: { message: 'closed', note: 'lessons soon', action: { label: 'Ask for a place', href: '#vraag' } },
    'closed-no-date': { message: 'closed', action: { label: 'Ask about the next', href: '#vraag' } },
  },
  places: '24 places left',
  tooltip: { id: 'signup-tooltip', text: 'Via YourTennis' },
};

test.each([
  ['2025-07-01', 'upcoming', 'Ask', '#vraag'],
  ['2025-08-10', 'open', 'Sign up', 'https://example.nl/club'],
  ['2025-09-10', 'closed', 'Ask for a place', '#vraag'],
  ['2026-11-22', 'closed-no-date', 'Ask about the next', '#vraag'],
])('the sign-up card built on %s: %s, with one action', (builtOn, state, label, href) => {
  const html = renderIsland(islands['signup-window'], { ...signupProps, builtOn });
  expect(tag(html, 'div')).toEqual({ class: `signup-card signup-${state}`, 'data-signup-state': state });
  expect(tags(html, 'a')).toHaveLength(1);
  expect(tag(html, 'a')).toMatchObject({ href });
  expect(html).toContain(`>${label}<`);
  // The free places only while sign-up is open.
  expect(html.includes('24 places left')).toBe(state === 'open');
});

test('the open card’s link has its tooltip in the page, hidden, describing it', () => {
  const html = renderIsland(islands['signup-window'], { ...signupProps, builtOn: '2025-08-10' });
  expect(tag(html, 'a')).toEqual({
    href: 'https://example.nl/club',
    rel: 'noopener',
    'aria-describedby': 'signup-tooltip',
    class: 'button signup-action',
  });
  expect(tag(html, 'span', { role: 'tooltip' })).toEqual({
    role: 'tooltip',
    id: 'signup-tooltip',
    class: 'tooltip',
    'data-state': 'closed',
    hidden: '',
  });
  expect(html).toContain('>Via YourTennis</span>');
});

test('the toaster region exists before any toast, labelled with its hotkey', () => {
  const html = renderIsland(islands.toaster, { label: 'Meldingen ({hotkey})', closeLabel: 'Sluiten' });
  expect(tag(html, 'section')).toEqual({ class: 'toaster', 'aria-label': 'Meldingen (F8)', tabindex: '-1' });
  expect(html).toContain('<ol class="toast-list"></ol>');
  expect(html).toContain('aria-live="assertive"');
  expect(html).toContain('aria-live="polite"');
  expect(() => renderIsland(islands.toaster, { label: ' ', closeLabel: 'Sluiten' })).toThrow(
    'needs a label that is not blank',
  );
});

test('the 404 path before script', () => {
  expect(renderIsland(islands['requested-path'], { placeholder: '/...' })).toBe(
    '<code data-requested-path>/...</code>',
  );
});

test('the same props give the same HTML again, remembered by value, not by object', () => {
  const props = (href: string) => ({
    ...signupProps,
    builtOn: '2025-08-10',
    states: { ...signupProps.states, open: { message: 'open', action: { label: 'Sign up', href } } },
  });
  const first = renderIsland(islands['signup-window'], props('https://example.nl/a'));
  expect(renderIsland(islands['signup-window'], props('https://example.nl/a'))).toBe(first);
  expect(renderIsland(islands['signup-window'], props('https://example.nl/b'))).toContain(
    'href="https://example.nl/b"',
  );
});
