import { useEffect, type RefObject } from 'react';

/**
 * A form is first a plain HTML form: the server renders it without `novalidate`, so a browser
 * without JavaScript checks `required`, `type` and `pattern` itself before posting. Once the
 * island runs, its own checks (in the page's language, at each field) take over from the browser's.
 */
export function useScriptedForm(form: RefObject<HTMLFormElement | null>): void {
  // After every render: a form shown later (an event's sign-up opening on the visitor's clock) too.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  });
}
