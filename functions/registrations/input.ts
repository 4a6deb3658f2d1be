import { z } from 'zod';
import { HttpError } from '../http.ts';
import type { Locale } from '../../shared/locale.ts';
import { fieldNames, say } from './copy.ts';
import type { EventFacts, EventQuestionFacts } from '../../shared/event-facts.ts';
import type { SignUp } from './types.ts';

/**
 * A sign-up body, checked field by field: a 400 names the first wrong field (`answers.<id>` for
 * an event's own question) in the sender's language, so the form can put the message at it.
 */

const LIMITS = { firstName: 100, surname: 100, email: 254, participant: 200, remarks: 2000, answer: 500 } as const;
const KNOWN = new Set([
  'event',
  'locale',
  'firstName',
  'surname',
  'email',
  'participant',
  'remarks',
  'answers',
  'website',
]);
const emailSchema = z.email();

function fail(field: string, message: string): never {
  throw new HttpError(400, message, field);
}

/** Trimmed text: required or not, one line or not, within its limit. */
function textField(
  body: Record<string, unknown>,
  field: keyof typeof LIMITS,
  locale: Locale,
  rules: { required: boolean; multiline?: boolean },
): string {
  const name = fieldNames[locale][field] ?? field;
  const raw = body[field];
  if (raw !== undefined && raw !== null && typeof raw !== 'string') fail(field, say[locale].required(name));
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return rules.required ? fail(field, say[locale].required(name)) : '';
  // Names go into mail headers: a line break there is how header injection works.
  if (!rules.multiline && /[\r\n]/.test(value)) fail(field, say[locale].oneLine(name));
  if (value.length > LIMITS[field]) fail(field, say[locale].tooLong(name, LIMITS[field]));
  return value;
}

function answerOf(
  question: EventQuestionFacts,
  raw: unknown,
  locale: Locale,
  label: string,
): string | number | undefined {
  const field = `answers.${question.id}`;
  const text =
    typeof raw === 'number'
      ? String(raw)
      : typeof raw === 'string'
        ? raw.trim()
        : raw === undefined || raw === null
          ? ''
          : undefined;
  if (text === undefined) fail(field, say[locale].required(label));
  if (text === '') return question.required ? fail(field, say[locale].required(label)) : undefined;
  if (question.type === 'number') {
    // Whole numbers only (years, head counts), as the form checks: "2015,5" must not become 2015.5.
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) fail(field, say[locale].number(label));
    if (question.min !== undefined && value < question.min) fail(field, say[locale].tooLow(label, question.min));
    if (question.max !== undefined && value > question.max) fail(field, say[locale].tooHigh(label, question.max));
    return value;
  }
  if (question.type === 'select')
    return question.options?.includes(text) ? text : fail(field, say[locale].choice(label));
  return text.length > LIMITS.answer ? fail(field, say[locale].tooLong(label, LIMITS.answer)) : text;
}

/** The event's questions answered: each checked against its own rules, unknown ones refused. */
function answersOf(event: EventFacts, raw: unknown, locale: Locale): Record<string, string | number> {
  const given = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (raw !== undefined && given !== raw) fail('answers', say[locale].required(fieldNames[locale].answers!));
  for (const id of Object.keys(given))
    if (!event.questions[locale].some((question) => question.id === id))
      fail(`answers.${id}`, say[locale].unknownAnswer(id));
  const answers: Record<string, string | number> = {};
  for (const question of event.questions[locale]) {
    const value = answerOf(question, given[question.id], locale, question.label);
    if (value !== undefined) answers[question.id] = value;
  }
  return answers;
}

/** The event id and language of a body, before anything else is checked. */
export function peekSignUp(
  body: unknown,
  fallback: Locale,
): { record: Record<string, unknown>; locale: Locale; eventId: number | undefined } {
  const record =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const locale: Locale = record.locale === 'en' || record.locale === 'nl' ? record.locale : fallback;
  const eventId =
    typeof record.event === 'number' && Number.isInteger(record.event)
      ? record.event
      : typeof record.event === 'string' && /^\d+$/.test(record.event)
        ? Number(record.event)
        : undefined;
  return { record, locale, eventId };
}

/** The checked sign-up for `event`. */
export function parseSignUp(record: Record<string, unknown>, locale: Locale, event: EventFacts): SignUp {
  const unknown = Object.keys(record).find((key) => !KNOWN.has(key));
  if (unknown) fail(unknown, say[locale].unknownField(unknown));
  const firstName = textField(record, 'firstName', locale, { required: true });
  const surname = textField(record, 'surname', locale, { required: true });
  const email = textField(record, 'email', locale, { required: true });
  if (!emailSchema.safeParse(email).success) fail('email', say[locale].email);
  const participant = textField(record, 'participant', locale, { required: false }) || `${firstName} ${surname}`;
  const remarks = textField(record, 'remarks', locale, { required: false, multiline: true });
  const answers = answersOf(event, record.answers, locale);
  return { eventId: event.id, locale, firstName, surname, email, participant, remarks, answers };
}
