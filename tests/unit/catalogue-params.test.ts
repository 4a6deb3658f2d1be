import { describe, expect, it } from 'vitest';
import { catalogue } from '../../cli/errors/catalogue.ts';
import { problem } from '../../cli/errors/site-error.ts';

// Issue 22, point 5: each catalogue entry declares the names its message is filled in with, so a
// misspelt or forgotten one fails `tsc --noEmit` (the @ts-expect-error lines below must stay
// errors: were the parameters untyped again, tsc would report each as unused).

describe('catalogue parameters are typed', () => {
  it('fills a message with the names it declares', () => {
    const found = problem('TEMPLATE_FAILED', { path: '/kampen', template: 'camps', problem: 'boom' });
    expect(found.message).toBe('Rendering /kampen with template camps failed: boom');
  });

  it('refuses a misspelt name and a missing one at typecheck', () => {
    // @ts-expect-error `pathh` is not a parameter of TEMPLATE_FAILED
    const misspelt = () => problem('TEMPLATE_FAILED', { pathh: '/kampen', template: 'camps', problem: 'boom' });
    // @ts-expect-error `problem` is missing
    const missing = () => problem('TEMPLATE_FAILED', { path: '/kampen', template: 'camps' });
    // @ts-expect-error a message with parameters needs them
    const none = () => problem('YAML_SYNTAX');
    expect([misspelt, missing, none].map((make) => make().message)).toEqual([
      'Rendering undefined with template camps failed: boom',
      'Rendering /kampen with template camps failed: undefined',
      'undefined',
    ]);
  });

  it('lets optional names be left out, and a message without names be given none', () => {
    expect(problem('CONTENT_DUPLICATE_ID', { collection: 'news', id: 3, other: 'b.md' }).message).toBe(
      'news id 3 is used twice: here and in b.md.',
    );
    expect(problem('NEW_NEEDS_IMAGE').message).toBe(catalogue.NEW_NEEDS_IMAGE.message({}));
  });
});
