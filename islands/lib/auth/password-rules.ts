/**
 * The live password checklist (spec §5): the requirements of the provider's password policy, each
 * met or not. Fed by Firebase's `validatePassword(auth, password)`; its status has the shape below
 * (PasswordValidationStatus of firebase/auth, kept structural so this file needs no Firebase).
 * When the policy cannot be fetched (the Auth emulator does not serve one; a network failure),
 * `defaultStatus` applies Firebase's default policy: at least 6 characters.
 */
export interface PolicyOptions {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
}

export interface PasswordStatus {
  isValid: boolean;
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy: { customStrengthOptions: PolicyOptions };
}

/** The checklist's words; `{count}` is filled in. */
export interface ChecklistText {
  minLength: string;
  maxLength: string;
  lowercase: string;
  uppercase: string;
  numeric: string;
  nonAlphanumeric: string;
  /** Read after each item by screen readers: "met" / "not met". */
  met: string;
  unmet: string;
}

export type Rule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

export interface ChecklistItem {
  rule: Rule;
  text: string;
  met: boolean;
}

/** Firebase's minimum when a policy sets none (its PasswordPolicyImpl's MINIMUM_MIN_PASSWORD_LENGTH). */
export const DEFAULT_MIN_LENGTH = 6;

/** One line per requirement the policy has, in a fixed order, each with whether `status` meets it. */
export function passwordChecklist(status: PasswordStatus, text: ChecklistText): ChecklistItem[] {
  const options = status.passwordPolicy.customStrengthOptions;
  const items: ChecklistItem[] = [];
  const min = options.minPasswordLength ?? DEFAULT_MIN_LENGTH;
  items.push({
    rule: 'minLength',
    text: text.minLength.replace('{count}', String(min)),
    met: status.meetsMinPasswordLength ?? false,
  });
  if (options.maxPasswordLength) {
    items.push({
      rule: 'maxLength',
      text: text.maxLength.replace('{count}', String(options.maxPasswordLength)),
      met: status.meetsMaxPasswordLength ?? false,
    });
  }
  const characters: Array<[Rule, keyof PolicyOptions & keyof PasswordStatus]> = [
    ['lowercase', 'containsLowercaseLetter'],
    ['uppercase', 'containsUppercaseLetter'],
    ['numeric', 'containsNumericCharacter'],
    ['nonAlphanumeric', 'containsNonAlphanumericCharacter'],
  ];
  for (const [rule, option] of characters) {
    if (options[option]) items.push({ rule, text: text[rule], met: status[option] === true });
  }
  return items;
}

/** Firebase's default policy applied to a password: the status validatePassword would give. */
export function defaultStatus(password: string): PasswordStatus {
  const meets = password.length >= DEFAULT_MIN_LENGTH;
  return {
    isValid: meets,
    meetsMinPasswordLength: meets,
    passwordPolicy: { customStrengthOptions: { minPasswordLength: DEFAULT_MIN_LENGTH } },
  };
}
