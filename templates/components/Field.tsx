import type { ReactNode } from 'react';
import { useSite } from '../lib/site.tsx';

type Common = {
  name: string;
  label: string;
  required?: boolean;
  autoComplete?: string;
  defaultValue?: string;
  error?: string;
  autoFocus?: boolean;
};

/** A labelled form field with room for its error message (filled by the form island, or by the page: `error`). */
export function Field(
  props: Common &
    (
      | { as?: 'input'; type?: string; min?: number; max?: number }
      | { as: 'textarea' }
      | { as: 'select'; options: Array<{ value: string; label: string }>; placeholder: string }
    ),
) {
  const { t } = useSite();
  // Names like answers.birthYear hold a dot: fine for the form, but an id with one needs escaping
  // in every CSS selector (html-validate valid-id); ids keep letters, digits, dash and underscore.
  const id = `field-${props.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const shared = {
    id,
    name: props.name,
    required: props.required ?? false,
    'aria-describedby': `${id}-error`,
    ...(props.autoComplete ? { autoComplete: props.autoComplete } : {}),
    ...(props.error ? { 'aria-invalid': true } : {}),
    ...(props.autoFocus ? { autoFocus: true } : {}),
  };
  let control: ReactNode;
  if (props.as === 'textarea') control = <textarea {...shared} rows={6} defaultValue={props.defaultValue} />;
  else if (props.as === 'select')
    control = (
      <select {...shared} defaultValue={props.defaultValue ?? ''}>
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else
    control = (
      <input
        {...shared}
        type={props.type ?? 'text'}
        {...('min' in props && props.min !== undefined ? { min: props.min } : {})}
        {...('max' in props && props.max !== undefined ? { max: props.max } : {})}
        defaultValue={props.defaultValue}
      />
    );
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {!props.required && <span className="optional"> ({t('forms.optional')})</span>}
      </label>
      {control}
      <p className="field-error" id={`${id}-error`}>
        {props.error}
      </p>
    </div>
  );
}
