/**
 * A name or email control of the identity forms, in the markup of FormField.tsx (same classes,
 * so the site's form styles apply). Not FormField itself: sharing it would split the mail forms'
 * chunk in two and add a file to every page with a form, for the sake of the login page alone.
 */
export interface TextFieldSpec {
  name: 'name' | 'email';
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  max: number;
}

export function TextField({
  formId,
  field,
  error,
}: {
  formId: string;
  field: TextFieldSpec;
  error: string | undefined;
}) {
  const id = `${formId}-${field.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        name={field.name}
        type={field.type}
        required
        maxLength={field.max}
        autoComplete={field.autoComplete}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${id}-error`}
      />
      <p className="field-error" id={`${id}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}

/** The field's message, or undefined: required, and an address the browser itself takes for one. */
export function checkTextField(
  control: HTMLInputElement | null,
  messages: { required: string; invalidEmail: string },
): string | undefined {
  if (!control || control.value.trim() === '') return messages.required;
  // type=email's own check (WHATWG's address syntax); the form is noValidate, so we say it in the page's words.
  return control.validity.typeMismatch ? messages.invalidEmail : undefined;
}
