import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { authErrorCode, authErrorMessage } from '../../lib/auth/errors.ts';
import { passwordChecklist, type PasswordStatus } from '../../lib/auth/password-rules.ts';
import { PasswordField } from './PasswordField.tsx';
import { checkTextField, TextField, type TextFieldSpec } from './TextField.tsx';
import type { LoginText } from './text.ts';

export interface AuthFormProps {
  id: string;
  heading: string;
  intro?: ReactNode;
  fields: TextFieldSpec[];
  /** The password control: to sign in, or a new one with the policy's checklist. */
  password?: {
    label: string;
    autoComplete: 'current-password' | 'new-password';
    status?: (password: string) => Promise<PasswordStatus>;
  };
  submit: string;
  busy: string;
  text: LoginText;
  /** Runs once every field passes; what it throws is shown in the visitor's words. */
  onSubmit(values: Record<string, string>): Promise<void>;
  children?: ReactNode;
}

/** The field an identity error is about, so it is marked and focused there too. */
const fieldOfCode: Record<string, string> = {
  'invalid-email': 'email',
  'user-not-found': 'email',
  'email-already-in-use': 'email',
  'wrong-password': 'password',
  'weak-password': 'password',
  'password-does-not-meet-requirements': 'password',
};

/**
 * One identity form (sign in, create an account, reset, new password). Fields are checked in the
 * page's language before Firebase is asked; Firebase's answer comes back as a message in the same
 * language (lib/auth/errors.ts), at its field when it is about one, else in a live region. The
 * controls are uncontrolled, so nothing typed is lost when a call fails.
 */
export function AuthForm({
  id,
  heading,
  intro,
  fields,
  password,
  submit,
  busy,
  text,
  onSubmit,
  children,
}: AuthFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<PasswordStatus | undefined>(undefined);
  const latest = useRef('');

  const checkPassword = async (value: string): Promise<PasswordStatus | undefined> => {
    if (!password?.status) return undefined;
    latest.current = value;
    const next = await password.status(value);
    // Answers can arrive out of order while typing; only the one for the current text counts.
    if (latest.current === value) setStatus(next);
    return next;
  };

  // The policy's requirements from the start, not only after the first keystroke.
  useEffect(() => {
    void checkPassword('');
  }, []);

  const focus = (name: string) => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  const onFormSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !form.current) return;
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form.current)) if (typeof value === 'string') values[name] = value;
    const found: Record<string, string> = {};
    for (const field of fields) {
      const message = checkTextField(form.current.querySelector<HTMLInputElement>(`[name="${field.name}"]`), text);
      if (message) found[field.name] = message;
    }
    if (password) {
      const typed = values.password ?? '';
      const checked = typed === '' ? undefined : await checkPassword(typed);
      if (typed === '') found.password = text.required;
      else if (checked && !checked.isValid) found.password = text.errors.passwordRequirements;
    }
    setErrors(found);
    setMessage('');
    const first = [...fields.map((field) => field.name), 'password'].find((name) => found[name]);
    if (first) return focus(first);
    setSending(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const shown = authErrorMessage(error, text.errors);
      const field = fieldOfCode[authErrorCode(error) ?? ''];
      // Said once: at its field, which gets focus (its description is read out with it), or else
      // in the form's alert.
      if (field && form.current.querySelector(`[name="${field}"]`)) {
        setErrors({ [field]: shown });
        focus(field);
      } else setMessage(shown);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={form}
      id={id}
      className="form auth-form"
      noValidate
      onSubmit={onFormSubmit}
      aria-busy={sending}
      aria-labelledby={`${id}-heading`}
    >
      {/* The page's heading: it names the view shown (sign in, create an account), not "Log in" for all (issue 19). */}
      <h1 id={`${id}-heading`}>{heading}</h1>
      {intro}
      {fields.map((field) => (
        <TextField key={field.name} formId={id} field={field} error={errors[field.name]} />
      ))}
      {password && (
        <PasswordField
          id={`${id}-password`}
          label={password.label}
          autoComplete={password.autoComplete}
          error={errors.password}
          {...(password.status
            ? {
                onPassword: (value: string) => void checkPassword(value),
                checklist: {
                  label: text.checklistLabel,
                  items: passwordChecklist(status ?? emptyStatus, text.checklist),
                  met: text.checklist.met,
                  unmet: text.checklist.unmet,
                },
              }
            : {})}
        />
      )}
      <p className="form-alert" role="alert">
        {message}
      </p>
      <button className="button" type="submit" aria-disabled={sending}>
        {sending ? busy : submit}
      </button>
      {children}
    </form>
  );
}

/** Before the policy has answered (and on the server): Firebase's default rule, not yet met. */
const emptyStatus: PasswordStatus = {
  isValid: false,
  meetsMinPasswordLength: false,
  passwordPolicy: { customStrengthOptions: { minPasswordLength: 6 } },
};
