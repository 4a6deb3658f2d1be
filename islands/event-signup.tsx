import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField, type FieldSpec } from './components/FormField.tsx';
import type { FormText } from './components/MailForm.tsx';
import { useFieldErrors } from './lib/field-errors.ts';
import { useScriptedForm } from './lib/scripted-form.ts';
import { maybeSignedIn } from './lib/signed-in-hint.ts';
import type { Locale } from '../shared/locale.ts';
import { placesLeft, requestJson } from './lib/registrations-api.ts';
import { eventStateAt } from '../shared/event-clock.ts';
import type { EventSignupState } from '../shared/event-state.ts';

export interface EventSignupText extends FormText {
  invalidNumber: string;
  tooLow: string;
  tooHigh: string;
  fullWaitlist: string;
  alreadyRegistered: string;
  viewRegistration: string;
  deadlinePassed: string;
  eventPast: string;
  checkMailTitle: string;
  checkMail: string;
  checkMailRule: string;
  checkMailMissing: string;
  checkMailAccount: string;
}

export interface EventSignupProps {
  id: string;
  locale: Locale;
  event: { id: number; start: string; deadline: string };
  /** The state on the day the page was built, shown until the visitor's clock is read. */
  built: EventSignupState;
  /** name, email, participant, the event's questions (`answers.<id>`), remarks. */
  fields: FieldSpec[];
  text: EventSignupText;
  /** The registration page of this language, `[id]` where the id goes. */
  registrationPage: string;
}

interface Mine {
  signedIn: boolean;
  profile?: { name: string | null; email: string | null };
  registrations: Array<{ id: string; status: string; event: { id: number } }>;
}
/** 201: placed at once (a verified address signed in); 200: theirs already; 202: check your mail. */
type Answered =
  | { link: string; mailSent?: boolean; existing?: boolean }
  | { pending: true; email: string; confirmHours: number };

function readValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value.trim();
  return values;
}

/** The request body: the fields by name, the event's answers gathered under `answers`. */
function bodyOf(props: EventSignupProps, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { event: props.event.id, locale: props.locale };
  const answers: Record<string, string> = {};
  for (const field of props.fields) {
    const value = values[field.name] ?? '';
    if (value === '') continue;
    if (field.name.startsWith('answers.')) answers[field.name.slice('answers.'.length)] = value;
    else body[field.name] = value;
  }
  if (values.website) body.website = values.website;
  return { ...body, answers };
}

/** Fills a control the visitor has not touched; what they typed always wins. */
function prefill(form: HTMLFormElement | null, name: string, value: string | null | undefined) {
  const control = form?.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (control && value && control.value === '') control.value = value;
}

/**
 * Sign-up for an event (issue 7), for guests and signed-in visitors (pre-filled from their
 * session). Fields are checked in the page's language before anything is sent; the server's
 * refusal is shown by the button and, when it names a field, at that field; a failed send keeps
 * everything typed. A guest is then told to confirm from the mail (issue 17: until then no place
 * is kept); a visitor signed in with that verified address goes straight to the registration.
 */
export default function EventSignup(props: EventSignupProps) {
  const { id, event, fields, text } = props;
  const [sending, setSending] = useState(false);
  const [state, setState] = useState<EventSignupState>(props.built);
  const [full, setFull] = useState(false);
  const [already, setAlready] = useState<string | undefined>();
  // Shown in the form, by the button, until the next try: no toast here, so the sign-up page loads
  // no toaster (its JavaScript budget is tight), and the message stays until it is dealt with.
  const [problem, setProblem] = useState<string | undefined>();
  const [checkMail, setCheckMail] = useState<{ email: string; hours: number } | undefined>();
  const form = useRef<HTMLFormElement>(null);
  useScriptedForm(form);
  const panel = useRef<HTMLElement>(null);

  // The form is gone: the message that replaced it gets the focus, so a screen reader reads it.
  useEffect(() => panel.current?.focus(), [checkMail]);

  useEffect(() => {
    setState(eventStateAt(event));
    void placesLeft().then((places) => setFull(places?.[event.id]?.placesLeft === 0));
    // Only a signed-in visitor (a stored profile, issue 6) has a name to fill in and registrations to know of.
    if (!maybeSignedIn()) return;
    void requestJson<Mine>('GET', '/api/registrations', '').then((answer) => {
      if (!answer.ok || !answer.body.signedIn) return;
      const { profile, registrations } = answer.body;
      const [first, ...rest] = (profile?.name ?? '').trim().split(/\s+/);
      prefill(form.current, 'firstName', first);
      prefill(form.current, 'surname', rest.join(' '));
      prefill(form.current, 'email', profile?.email);
      setAlready(
        registrations.find(
          (registration) =>
            registration.event.id === event.id && ['pending', 'confirmed', 'waitlisted'].includes(registration.status),
        )?.id,
      );
    });
  }, [event]);

  const { errors, checkAll, refused, recheck } = useFieldErrors(form, fields, text);

  const onSubmit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (sending || !form.current) return;
    const values = readValues(form.current);
    if (!checkAll(values)) return;
    setSending(true);
    setProblem(undefined);
    const answer = await requestJson<Answered>('POST', '/api/registrations', text.failure, {
      body: bodyOf(props, values),
    });
    if (answer.ok && 'link' in answer.body) {
      // The registration's page remembers it on this device when it opens with the token.
      const { link, mailSent, existing } = answer.body;
      location.assign(`${link}${existing ? '&existing=1' : `&new=1${mailSent === false ? '&mail=0' : ''}`}`);
      return;
    }
    setSending(false);
    if (answer.ok)
      return 'pending' in answer.body
        ? setCheckMail({ email: answer.body.email, hours: answer.body.confirmHours })
        : undefined;
    setProblem(answer.message);
    refused(answer.field, answer.message);
  };

  if (state !== 'open')
    return (
      <p className="notice" data-signup-state={state}>
        {state === 'past' ? text.eventPast : text.deadlinePassed}
      </p>
    );
  if (checkMail) {
    return (
      <section
        ref={panel}
        className="notice check-mail"
        role="status"
        tabIndex={-1}
        data-check-mail=""
        aria-labelledby={`${id}-check-mail`}
      >
        <h2 id={`${id}-check-mail`}>{text.checkMailTitle}</h2>
        <p>
          <strong>
            {text.checkMail.replace('{email}', checkMail.email).replace('{hours}', String(checkMail.hours))}
          </strong>
        </p>
        <p>{text.checkMailRule}</p>
        <p>{text.checkMailMissing}</p>
        <p>{text.checkMailAccount}</p>
      </section>
    );
  }
  return (
    <form
      ref={form}
      className="form"
      method="post"
      action="/api/registrations"
      onSubmit={onSubmit}
      onInput={recheck}
      onChange={recheck}
      aria-busy={sending}
      data-form="event-signup"
    >
      {/* What bodyOf adds; without JavaScript the browser posts these along. */}
      <input type="hidden" name="event" value={String(event.id)} />
      <input type="hidden" name="locale" value={props.locale} />
      {already && (
        <p className="notice" data-already-registered="">
          {text.alreadyRegistered} <a href={props.registrationPage.replace('[id]', already)}>{text.viewRegistration}</a>
        </p>
      )}
      {fields.map((field) => (
        <FormField key={field.name} formId={id} field={field} error={errors[field.name]} optionalText={text.optional} />
      ))}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {problem && (
        <p className="notice notice-error" role="alert" data-form-problem="">
          {problem}
        </p>
      )}
      {full && (
        <p className="notice" data-event-full="">
          {text.fullWaitlist}
        </p>
      )}
      <button className="button" type="submit" aria-disabled={sending}>
        {sending ? text.sending : text.send}
      </button>
    </form>
  );
}
