import type { FormText } from '../../islands/index.ts';
import type { Site } from './site.tsx';

/**
 * Islands get their words as props: they run in the browser, where there is no strings file.
 * These build those props from the page's strings, so every island speaks the page's language.
 */

/** The messages every form shows; `form` names it in the success toast ('{name} form submitted.'). */
export function formText(site: Site, form: 'contact' | 'question' | 'customer' | 'basic' | 'job'): FormText {
  const t = site.t;
  return {
    required: t('forms.required'),
    invalidEmail: t('forms.invalidEmail'),
    invalidPhone: t('forms.invalidPhone'),
    tooLong: t('forms.tooLong'),
    optional: t('forms.optional'),
    send: t('forms.send'),
    sending: t('forms.sending'),
    success: t('forms.success', { name: t(`forms.formNames.${form}`) }),
    failure: t('forms.failure'),
  };
}
