import { mailFields, type MailFieldName } from '../lib/mail-fields.ts';
import type { FieldSpec } from './FormField.tsx';

/** Labels (and choices) a template gives a form, per field. */
export type FieldLabels<N extends MailFieldName> = Record<N, string>;
export interface Choice {
  options: Array<{ value: string; label: string }>;
  placeholder: string;
}

/** The specs of the named fields, in order: limits from mailFields, words from the page; a field given choices is a select. */
export function fieldSpecs<N extends MailFieldName>(
  names: readonly N[],
  labels: FieldLabels<N>,
  choices: Partial<Record<N, Choice>> = {},
  overrides: Partial<Record<N, Partial<FieldSpec>>> = {},
): FieldSpec[] {
  return names.map(
    (name): FieldSpec => ({
      name,
      ...mailFields[name],
      label: labels[name],
      ...(choices[name] ? { kind: 'choice' as const, ...choices[name] } : {}),
      ...(overrides[name] ?? {}),
    }),
  );
}
