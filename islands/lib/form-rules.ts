/**
 * Client-side checks of the mail forms, the same limits the server's schemas hold
 * (functions/mail/schemas.ts), so a visitor hears about a mistake at the field, in their language,
 * before anything is sent. The server still checks everything: this is for people, not security.
 */
export type FieldKind = 'text' | 'email' | 'phone' | 'longtext' | 'choice' | 'number';

export interface FieldRule {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Longest accepted value after trimming (the server's max). */
  max: number;
  /** Kind 'number' (an event's questions): the lowest and highest value accepted. */
  minValue?: number;
  maxValue?: number;
}

export interface RuleMessages {
  required: string;
  invalidEmail: string;
  invalidPhone: string;
  /** "{max}" is filled in. */
  tooLong: string;
  /** Number fields only: not a number; below "{min}"; above "{max}". */
  invalidNumber?: string;
  tooLow?: string;
  tooHigh?: string;
}

/**
 * The shapes the server accepts, also written into the controls' `pattern` attributes, so that
 * without JavaScript the browser holds a form to them before it is sent. Written for both regular
 * expression modes a browser may use for `pattern` (u and v): every '-', '(' and ')' in a class escaped.
 */
export const fieldPatterns = {
  // zod 4's z.email() pattern, which the server uses: agreeing with it means no address passes
  // here only to be refused there.
  email: String.raw`(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+\-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}`,
  phone: String.raw`\+?[0-9 \(\)\-]*`,
  // A whole number, as the server takes it: events ask for years and head counts, and the field's
  // numeric keyboard has no decimal key. "2015,5" is a typo, not a year (issue 17).
  number: String.raw`-?\d+`,
} as const satisfies Partial<Record<FieldKind, string>>;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'u');
const emailPattern = whole(fieldPatterns.email);
const phonePattern = whole(fieldPatterns.phone);

/** The message for one field, or undefined when it is fine. */
export function checkField(rule: FieldRule, raw: string, messages: RuleMessages): string | undefined {
  const value = raw.trim();
  if (value === '') return rule.required ? messages.required : undefined;
  if (value.length > rule.max) return messages.tooLong.replace('{max}', String(rule.max));
  if (rule.kind === 'email' && !emailPattern.test(value)) return messages.invalidEmail;
  if (rule.kind === 'phone' && !phonePattern.test(value)) return messages.invalidPhone;
  if (rule.kind === 'number') return checkNumber(rule, value, messages);
  return undefined;
}

const numberPattern = whole(fieldPatterns.number);

function checkNumber(rule: FieldRule, value: string, messages: RuleMessages): string | undefined {
  if (!numberPattern.test(value)) return messages.invalidNumber ?? messages.required;
  const number = Number(value);
  if (rule.minValue !== undefined && number < rule.minValue)
    return messages.tooLow?.replace('{min}', String(rule.minValue));
  if (rule.maxValue !== undefined && number > rule.maxValue)
    return messages.tooHigh?.replace('{max}', String(rule.maxValue));
  return undefined;
}

/** Every field's message at once (a form shows them all, and focuses the first). */
export function checkFields(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, string>>,
  messages: RuleMessages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of rules) {
    const message = checkField(rule, values[rule.name] ?? '', messages);
    if (message) errors[rule.name] = message;
  }
  return errors;
}

/** The values as the server wants them: trimmed, and optional fields left out when empty. */
export function payloadValues(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const value = (values[rule.name] ?? '').trim();
    if (value !== '' || rule.required) out[rule.name] = value;
  }
  return out;
}
