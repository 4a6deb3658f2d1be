import { useEffect, useState, type FormEvent } from 'react';
import { maybeSignedIn } from './lib/signed-in-hint.ts';
import type { Locale } from '../shared/locale.ts';
import { hasEvent, statusText, type Registration, type RegistrationText } from './lib/registration-types.ts';
import { formatEventDate } from '../shared/event-date.ts';
import { parseRegistrationLink, registrationPathPattern } from './lib/registration-links.ts';
import { requestJson } from './lib/registrations-api.ts';
import { rememberedRegistrations, type Remembered } from './lib/remembered-registrations.ts';
import { Loading } from './components/Loading.tsx';

export interface MyRegistrationsProps {
  locale: Locale;
  /** The registration page per language, `[id]` where the id goes; the first is this page's. */
  registrationPages: string[];
  loginHref: string;
  /** The events list: where an empty list leads. */
  eventsHref: string;
  text: RegistrationText & {
    browseEvents: string;
    title: string;
    loading: string;
    empty: string;
    loginRequired: string;
    login: string;
    find: string;
    findText: string;
    linkLabel: string;
    linkOpen: string;
    linkInvalid: string;
    onThisDevice: string;
    loadFailed: string;
  };
}

type State =
  | { kind: 'loading' }
  | { kind: 'guest' }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-in'; registrations: Registration[] };

/**
 * "My registrations": a signed-in visitor's registrations from their session; a guest (who signed
 * up without an account) is told how to get back to one (the mail link, pasted here if they
 * like), and sees the ones already opened on this device.
 */
export default function MyRegistrations({
  locale,
  registrationPages,
  loginHref,
  eventsHref,
  text,
}: MyRegistrationsProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [remembered, setRemembered] = useState<Remembered[]>([]);
  const [linkError, setLinkError] = useState<string | undefined>();
  const page = registrationPages[0] ?? '';

  useEffect(() => {
    setRemembered(rememberedRegistrations());
    // Signed in shows as a stored profile (issue 6); without one the server would only say "guest".
    if (!maybeSignedIn()) return setState({ kind: 'guest' });
    void requestJson<{ signedIn: boolean; registrations: Registration[] }>(
      'GET',
      '/api/registrations',
      text.loadFailed,
    ).then((answer) => {
      if (!answer.ok) setState({ kind: 'failed', message: answer.message });
      else
        setState(
          answer.body.signedIn ? { kind: 'signed-in', registrations: answer.body.registrations } : { kind: 'guest' },
        );
    });
  }, [text]);

  const openLink = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const value = new FormData(submitted.currentTarget).get('link');
    const found =
      typeof value === 'string' ? parseRegistrationLink(value, registrationPathPattern(registrationPages)) : undefined;
    if (!found) return setLinkError(text.linkInvalid);
    location.assign(`${page.replace('[id]', found.id)}#token=${found.token}`);
  };

  if (state.kind === 'loading') return <Loading text={text.loading} state="loading" />;
  const listed =
    state.kind === 'signed-in'
      ? new Set(state.registrations.map((registration) => registration.id))
      : new Set<string>();
  const others = remembered.filter((item) => !listed.has(item.id));

  return (
    <div data-registrations-state={state.kind}>
      {state.kind === 'failed' && (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'signed-in' &&
        (state.registrations.length === 0 ? (
          <div className="empty-state">
            <p>{text.empty}</p>
            <a className="button" href={eventsHref}>
              {text.browseEvents}
            </a>
          </div>
        ) : (
          <ul className="registration-list">
            {state.registrations.map((registration) => (
              <li key={registration.id} data-registration-id={registration.id}>
                <a href={page.replace('[id]', registration.id)}>
                  {hasEvent(registration.event) ? registration.event.title[locale] : `#${registration.event.id}`}
                </a>
                <span>{hasEvent(registration.event) ? formatEventDate(registration.event.start, locale) : ''}</span>
                <span>
                  {registration.participant}
                  {' · '}
                  <strong data-registration-status={registration.status}>{statusText(registration, text)}</strong>
                </span>
              </li>
            ))}
          </ul>
        ))}
      {state.kind !== 'signed-in' && (
        <section aria-labelledby="find-registration">
          <h2 id="find-registration">{text.find}</h2>
          <p>{text.findText}</p>
          <form className="form inline-form" onSubmit={openLink} noValidate>
            <div className="field">
              <label htmlFor="registration-link">{text.linkLabel}</label>
              <input
                id="registration-link"
                name="link"
                type="url"
                inputMode="url"
                autoComplete="off"
                aria-invalid={linkError ? 'true' : undefined}
                aria-describedby="registration-link-error"
              />
              <p className="field-error" id="registration-link-error">
                {linkError ?? ''}
              </p>
            </div>
            <button className="button" type="submit">
              {text.linkOpen}
            </button>
          </form>
          <p>
            {text.loginRequired} <a href={loginHref}>{text.login}</a>
          </p>
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="on-this-device">
          <h2 id="on-this-device">{text.onThisDevice}</h2>
          <ul className="registration-list">
            {others.map((item) => (
              <li key={item.id}>
                <a href={`${page.replace('[id]', item.id)}#token=${item.token}`}>{item.title[locale]}</a>
                <span>{formatEventDate(item.start, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
