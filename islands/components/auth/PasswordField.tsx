import type { ChecklistItem } from '../../lib/auth/password-rules.ts';
import { Icon } from '../Icon.tsx';

/** Lucide "check" and "x" (ISC): their shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const checkIcon = '<path d="M20 6L9 17l-5-5"/>';
export const xIcon = '<path d="M18 6L6 18M6 6l12 12"/>';

interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error: string | undefined;
  /** The policy's requirements, each met or not; left out when signing in (the policy is for new passwords). */
  checklist?: { label: string; items: ChecklistItem[]; met: string; unmet: string };
  onPassword?: (password: string) => void;
}

/**
 * A password control in the markup of FormField (same classes), with the live checklist under it
 * when a new password is being chosen. The list is the control's description, so a screen reader
 * hears the requirements on focus; each line says in words whether it is met, not only by colour.
 */
export function PasswordField({ id, label, autoComplete, error, checklist, onPassword }: PasswordFieldProps) {
  const described = [`${id}-error`, ...(checklist ? [`${id}-rules`] : [])].join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="password"
        type="password"
        required
        autoComplete={autoComplete}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        onInput={onPassword ? (event) => onPassword((event.target as HTMLInputElement).value) : undefined}
      />
      <p className="field-error" id={`${id}-error`}>
        {error ?? ''}
      </p>
      {checklist && (
        <div className="password-rules" id={`${id}-rules`}>
          <p className="password-rules-label">{checklist.label}</p>
          <ul>
            {checklist.items.map((item) => (
              <li key={item.rule} data-rule={item.rule} data-met={item.met ? 'true' : 'false'}>
                <Icon icon={item.met ? checkIcon : xIcon} size={16} />
                {item.text}
                <span className="visually-hidden"> ({item.met ? checklist.met : checklist.unmet})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
