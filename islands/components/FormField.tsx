import type { ReactNode } from 'react';
import { fieldPatterns, type FieldRule } from '../lib/form-rules.ts';

export interface FieldSpec extends FieldRule {
  label: string;
  autoComplete?: string;
  /** For kind 'choice': the options (value sent, label shown); the first, empty one is the placeholder. */
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
  defaultValue?: string;
}

/**
 * A labelled control and its message, in the markup of templates/components/Field.tsx (same
 * classes, so the site's form styles apply). Uncontrolled on purpose: what a visitor typed lives
 * in the control itself, so it survives hydration, a re-render and a failed send untouched.
 */
export function FormField({
  formId,
  field,
  error,
  optionalText,
}: {
  formId: string;
  field: FieldSpec;
  error: string | undefined;
  optionalText: string;
}) {
  // A name like answers.birthYear holds a dot; ids keep letters, digits, dash and underscore, so a
  // CSS selector needs no escaping (html-validate valid-id, the same rule as templates/components/Field.tsx).
  const id = `${formId}-${field.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const shared = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': `${id}-error`,
    ...(field.autoComplete ? { autoComplete: field.autoComplete } : {}),
  };
  let control: ReactNode;
  if (field.kind === 'longtext')
    control = <textarea {...shared} rows={6} maxLength={field.max} defaultValue={field.defaultValue} />;
  else if (field.kind === 'choice')
    control = (
      <select {...shared} defaultValue={field.defaultValue ?? ''}>
        <option value="">{field.placeholder ?? ''}</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else {
    const type = field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text';
    // A number is typed as text with a numeric keyboard: type="number" would hand the form an empty
    // value for "2O14", and the visitor would hear "required" instead of "not a number".
    const numeric = field.kind === 'number' ? { inputMode: 'numeric' as const } : {};
    // Checked by the browser only without JavaScript: the island turns its checks off for its own.
    const pattern =
      field.kind === 'email' || field.kind === 'phone' || field.kind === 'number'
        ? { pattern: fieldPatterns[field.kind] }
        : {};
    control = (
      <input
        {...shared}
        {...numeric}
        {...pattern}
        type={type}
        maxLength={field.max}
        defaultValue={field.defaultValue}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {!field.required && <span className="optional"> ({optionalText})</span>}
      </label>
      {control}
      <p className="field-error" id={`${id}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}
