import { Fragment, useEffect, useState } from 'react';
import { maybeSignedIn } from './lib/signed-in-hint.ts';
import type { Locale } from '../shared/locale.ts';
import { hasEvent, statusText, type Registration, type RegistrationText } from './lib/registration-types.ts';
import { formatEventDate } from '../shared/event-date.ts';
import { formatMoment } from '../shared/event-clock.ts';
import { Loading } from './components/Loading.tsx';
import { linkFragment } from './lib/registration-links.ts';
import { requestJson } from './lib/registrations-api.ts';
import { rememberRegistration } from './lib/remembered-registrations.ts';

export interface RegistrationDetailProps {
  locale: Locale;
  /** The "my registrations" page, for a link that does not open anything. */
  listHref: string;
  text: RegistrationText & {
    loading: string;
    notFound: string;
    failure: string;
    created: string;
    createdNoMail: string;
    existing: string;
    confirm: string;
    confirming: string;
    pendingText: string;
    pendingByMail: string;
    expiredText: string;
    signUpAgain: string;
    confirmedPlace: string;
    confirmedWaitlist: string;
    cancel: string;
    cancelAsk: string;
    cancelYes: string;
    cancelNo: string;
    cancelling: string;
    cancelDone: string;
    backToEvent: string;
    find: string;
  };
}

/** `confirmable`: this visitor can confirm it here (the mail's link, or their verified address). */
type View =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'shown'; registration: Registration; confirmable: boolean };

/** The last segment of the address; one that does not decode (`%E0`) is no registration's id. */
function registrationIdOf(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

/**
 * One registration (`/evenementen/inschrijvingen/{id}`): one shell page serves every id, so the
 * id comes from the address and the secret from its #fragment (the mail link), or the visitor's
 * session opens it. Status, the facts, and a cancel button that asks once more first. A guest's
 * sign-up opened from its mail waits for one press on "confirm": opening a link is not enough,
 * since mail scanners open links by themselves.
 */
export default function RegistrationDetail({ locale, listHref, text }: RegistrationDetailProps) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [token, setToken] = useState<string | undefined>();

  useEffect(() => {
    const id = registrationIdOf(location.pathname);
    const link = linkFragment(location.hash);
    setToken(link.token);
    // No id in the address, or no token and no profile stored (only a session opens it then): no request.
    if (!id || (!link.token && !maybeSignedIn())) return setView({ kind: 'missing', message: text.notFound });
    void requestJson<{ registration: Registration; confirmable: boolean }>(
      'GET',
      `/api/registrations/${encodeURIComponent(id)}`,
      text.failure,
      link.token ? { token: link.token } : {},
    ).then((answer) => {
      if (!answer.ok)
        return setView({ kind: 'missing', message: answer.status === 404 ? text.notFound : answer.message });
      const { registration, confirmable } = answer.body;
      setView({ kind: 'shown', registration, confirmable });
      if (link.fresh || link.existing) {
        setNotice(
          link.existing
            ? text.existing
            : link.mailFailed
              ? text.createdNoMail
              : text.created.replace('{email}', registration.email),
        );
        // A reload should not announce the sign-up again; the token stays, it is the way back.
        history.replaceState(history.state, '', `${location.pathname}${location.search}#token=${link.token ?? ''}`);
      }
      if (link.token && hasEvent(registration.event))
        rememberRegistration({
          id: registration.id,
          token: link.token,
          title: registration.event.title,
          start: registration.event.start,
        });
    });
  }, [text]);

  if (view.kind === 'loading')
    return <Loading text={text.loading} state="loading" attribute="data-registration-state" />;
  if (view.kind === 'missing') {
    return (
      <div data-registration-state="missing" className="empty-state">
        <p className="notice notice-error" role="alert">
          {view.message}
        </p>
        <a className="button button-outline" href={listHref}>
          {text.find}
        </a>
      </div>
    );
  }

  const { registration, confirmable } = view;
  const event = hasEvent(registration.event) ? registration.event : undefined;
  const until = registration.expiresAt ? formatMoment(registration.expiresAt, locale) : '';
  const labels = new Map((event?.questions[locale] ?? []).map((question) => [question.id, question.label]));

  const cancel = async () => {
    setBusy(true);
    setProblem(undefined);
    const answer = await requestJson<{ registration: Registration }>(
      'POST',
      `/api/registrations/${encodeURIComponent(registration.id)}/cancel`,
      text.failure,
      token ? { token } : {},
    );
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return setProblem(answer.message);
    setView({ kind: 'shown', registration: answer.body.registration, confirmable: false });
    setNotice(text.cancelDone);
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(undefined);
    const answer = await requestJson<{ registration: Registration }>(
      'POST',
      `/api/registrations/${encodeURIComponent(registration.id)}/confirm`,
      text.failure,
      token ? { token } : {},
    );
    setBusy(false);
    if (!answer.ok) return setProblem(answer.message);
    const confirmed = answer.body.registration;
    setView({ kind: 'shown', registration: confirmed, confirmable: false });
    if (confirmed.status === 'confirmed') setNotice(text.confirmedPlace);
    else if (confirmed.status === 'waitlisted')
      setNotice(text.confirmedWaitlist.replace('{position}', String(confirmed.waitlistPosition ?? '?')));
  };

  return (
    <article className="registration" data-registration-state={registration.status}>
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <h2>{event ? event.title[locale] : `#${registration.event.id}`}</h2>
      {registration.status === 'pending' && (
        <div className="notice notice-action" data-registration-pending="">
          <p>
            {(confirmable ? text.pendingText : text.pendingByMail)
              .replace('{time}', until)
              .replace('{email}', registration.email)}
          </p>
          {confirmable && (
            <button className="button" type="button" onClick={confirm} aria-disabled={busy} data-confirm="">
              {busy ? text.confirming : text.confirm}
            </button>
          )}
        </div>
      )}
      {registration.status === 'expired' && (
        <p className="notice" data-registration-expired="">
          {text.expiredText} {event && <a href={event.page[locale]}>{text.signUpAgain}</a>}
        </p>
      )}
      <dl className="facts-list">
        <dt>{text.event}</dt>
        <dd>{event ? <a href={event.page[locale]}>{event.title[locale]}</a> : registration.event.id}</dd>
        {event && (
          <>
            <dt>{text.date}</dt>
            <dd>{formatEventDate(event.start, locale)}</dd>
          </>
        )}
        <dt>{text.statusLabel}</dt>
        <dd data-registration-status={registration.status}>{statusText(registration, text)}</dd>
        <dt>{text.participant}</dt>
        <dd>{registration.participant}</dd>
        <dt>{text.email}</dt>
        <dd>{registration.email}</dd>
        {Object.entries(registration.answers).map(([id, value]) => (
          <Fragment key={id}>
            <dt>{labels.get(id) ?? id}</dt>
            <dd>{String(value)}</dd>
          </Fragment>
        ))}
        {registration.remarks && (
          <>
            <dt>{text.remarks}</dt>
            <dd className="pre-line">{registration.remarks}</dd>
          </>
        )}
        <dt>{text.registeredOn}</dt>
        <dd>{formatEventDate(registration.createdAt.slice(0, 10), locale, false)}</dd>
      </dl>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {registration.cancellable &&
        (asking ? (
          <div className="confirm" role="group" aria-label={text.cancel}>
            <p>{text.cancelAsk}</p>
            <button
              className="button button-danger"
              type="button"
              onClick={cancel}
              aria-disabled={busy}
              data-cancel-confirm=""
            >
              {busy ? text.cancelling : text.cancelYes}
            </button>{' '}
            <button className="button button-secondary" type="button" onClick={() => setAsking(false)}>
              {text.cancelNo}
            </button>
          </div>
        ) : (
          <button className="button button-secondary" type="button" onClick={() => setAsking(true)} data-cancel="">
            {text.cancel}
          </button>
        ))}
      {event && (
        <p className="article-foot">
          <a className="back-link" href={event.page[locale]}>
            {text.backToEvent}
          </a>
        </p>
      )}
    </article>
  );
}
