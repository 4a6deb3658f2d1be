import { describe, expect, test } from 'vitest';
import { presetFor } from '../../islands/contact-form.tsx';

const presets = { 'utrecht-oost': { subject: 'regional', question: 'Regiotennis Utrecht-Oost' } };

describe('presetFor: ?regio=<id> fills in the contact form (spec; issue 19)', () => {
  test.each([
    ['?regio=utrecht-oost', presets['utrecht-oost']],
    ['?utm_source=x&regio=utrecht-oost', presets['utrecht-oost']],
    ['?regio=utrecht%2Doost', presets['utrecht-oost']],
    ['', undefined],
    ['?regio=', undefined],
    ['?regio=atlantis', undefined],
    // Names every object has are no region: nothing of Object.prototype reaches the form.
    ['?regio=__proto__', undefined],
    ['?regio=constructor', undefined],
    ['?regio=toString', undefined],
  ])('%j', (search, expected) => {
    expect(presetFor(search, presets)).toEqual(expected);
  });
});
