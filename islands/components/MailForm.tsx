import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useScriptedForm } from '../lib/scripted-form.ts';
import { useFieldErrors } from '../lib/field-errors.ts';
import { payloadValues, type RuleMessages } from '../lib/form-rules.ts';
import { sendJson } from '../lib/send-form.ts';
import { toast } from '../lib/toasts.ts';
import { FormField, type FieldSpec } from './FormField.tsx';

/** The words every form needs, in the page's language (from content/<locale>/strings.yaml). */
export interface FormText extends RuleMessages {
  optional: string;
  send: string;
  sending: string;
  /** '{name} formulier verzonden.' with the form's name filled in. */
  success: string;
  /** 'Er is iets mis gegaan bij het verzenden.': when the server gives no message of its own. */
  failure: string;
}

export interface MailFormProps {
  /** Prefix of the controls' ids; unique on the page. */
  id: string;
  /** What the request body carries besides the fields: kind, locale, a job's id, a fixed subject. */
  fixed: Record<string, string>;
  fields: FieldSpec[];
  text: FormText;
  /** Where it posts; /mail/send-new unless another form (event sign-up) reuses this. */
  endpoint?: string;
  /** Shown above the fields (an introduction); below them comes the submit button. */
  intro?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The values of the named controls, read from the form itself (the controls are uncontrolled). */
function readValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

/**
 * The shared form machinery: fields checked in the page's language (all at once on submit, the
 * first wrong one focused; then each again as it is corrected), sent as JSON, a toast with the
 * result. A failed send changes nothing the visitor typed; the server's message is shown, and
 * when it names a field, at that field too. A success clears the form.
 */
export function MailForm({
  id,
  fixed,
  fields,
  text,
  endpoint = '/mail/send-new',
  intro,
  footer,
  className = 'form',
}: MailFormProps) {
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useScriptedForm(form);
  const { errors, clear, checkAll, refused, recheck } = useFieldErrors(form, fields, text);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !form.current) return;
    const values = readValues(form.current);
    if (!checkAll(values)) return;
    setSending(true);
    // The honeypot travels as typed: people leave it empty, and the server drops what bots fill.
    const body = { ...fixed, ...payloadValues(fields, values), ...(values.website ? { website: values.website } : {}) };
    const result = await sendJson(endpoint, body, text.failure);
    setSending(false);
    if (result.ok) {
      form.current?.reset();
      clear();
      toast({ title: text.success, tone: 'success', type: 'foreground' });
      return;
    }
    toast({ title: result.message, tone: 'error', type: 'foreground' });
    refused(result.field, result.message);
  };

  return (
    <form
      ref={form}
      className={className}
      method="post"
      action={endpoint}
      onSubmit={onSubmit}
      onInput={recheck}
      onChange={recheck}
      aria-busy={sending}
    >
      {/* What the island adds to the body; without JavaScript the browser posts these along. */}
      {Object.entries(fixed).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {intro}
      {fields.map((field) => (
        <FormField key={field.name} formId={id} field={field} error={errors[field.name]} optionalText={text.optional} />
      ))}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {footer}
      <button className="button" type="submit" aria-disabled={sending}>
        {sending ? text.sending : text.send}
      </button>
    </form>
  );
}
