import { type RefObject, useState } from 'react';
import { checkField, checkFields, type FieldRule, type RuleMessages } from './form-rules.ts';

/**
 * The messages at a form's fields, shared by the mail forms and the event sign-up: all checked
 * on submit (the first wrong field focused), a field the server refused marked with the server's
 * words, and after a first complaint a field checked again as it changes, so the message goes as
 * soon as it is right.
 */
export function useFieldErrors(
  form: RefObject<HTMLFormElement | null>,
  fields: readonly FieldRule[],
  messages: RuleMessages,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focusField = (name: string) => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  return {
    errors,
    clear: () => setErrors({}),
    /** Whether every field is right; if not, their messages show and the first wrong field has focus. */
    checkAll(values: Readonly<Record<string, string>>): boolean {
      const found = checkFields(fields, values, messages);
      setErrors(found);
      const first = fields.find((field) => found[field.name]);
      if (first) focusField(first.name);
      return !first;
    },
    /** The server's refusal, at the field it names when the form has that field. */
    refused(field: string | undefined, message: string): void {
      if (!field || !fields.some((item) => item.name === field)) return;
      setErrors((now) => ({ ...now, [field]: message }));
      focusField(field);
    },
    recheck(event: { target: EventTarget | null }): void {
      const control = event.target as HTMLInputElement;
      const field = fields.find((item) => item.name === control.name);
      if (!field || !(field.name in errors)) return;
      const message = checkField(field, control.value, messages);
      setErrors((now) => {
        const next = { ...now };
        if (message) next[field.name] = message;
        else delete next[field.name];
        return next;
      });
    },
  };
}
