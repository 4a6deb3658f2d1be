import { StaticPage } from './StaticPage.tsx';
import { Island } from '../components/Island.tsx';
import { registrationPages, registrationText } from '../lib/registration-props.ts';
import { useSite } from '../lib/site.tsx';

/**
 * "My registrations" and one registration (issue 7). Both are filled in the browser: the list
 * from the visitor's session, the registration from its mail link, which no static page can know.
 * One shell file serves every registration id (site.json rewrites, firebase.json rewrites).
 */
export function RegistrationsPage() {
  const site = useSite();
  const { t, href, locale } = site;
  return (
    <StaticPage>
      <section className="section">
        <div className="container narrow" data-registrations="list">
          <Island
            name="my-registrations"
            props={{
              locale,
              registrationPages: registrationPages(site),
              loginHref: href('login'),
              eventsHref: href('events'),
              text: {
                ...registrationText(site),
                browseEvents: t('registrations.browseEvents'),
                title: t('registrations.title'),
                loading: t('common.loading'),
                empty: t('registrations.empty'),
                loginRequired: t('registrations.loginRequired'),
                login: t('registrations.login'),
                find: t('registrations.find'),
                findText: t('registrations.findText'),
                linkLabel: t('registrations.linkLabel'),
                linkOpen: t('registrations.linkOpen'),
                linkInvalid: t('registrations.linkInvalid'),
                onThisDevice: t('registrations.onThisDevice'),
                loadFailed: t('registrations.loadFailed'),
              },
            }}
            load="load"
          />
        </div>
      </section>
    </StaticPage>
  );
}

export function RegistrationPage() {
  const site = useSite();
  const { t, href, locale } = site;
  return (
    <StaticPage>
      <section className="section">
        <div className="container narrow" data-registrations="detail">
          <Island
            name="registration-detail"
            props={{
              locale,
              listHref: href('registrations'),
              text: {
                ...registrationText(site),
                loading: t('common.loading'),
                notFound: t('registrations.notFound'),
                failure: t('registrations.loadFailed'),
                created: t('registrations.created'),
                createdNoMail: t('registrations.createdNoMail'),
                existing: t('registrations.existing'),
                confirm: t('registrations.confirm'),
                confirming: t('registrations.confirming'),
                pendingText: t('registrations.pendingText'),
                pendingByMail: t('registrations.pendingByMail'),
                expiredText: t('registrations.expiredText'),
                signUpAgain: t('registrations.signUpAgain'),
                confirmedPlace: t('registrations.confirmedPlace'),
                confirmedWaitlist: t('registrations.confirmedWaitlist'),
                cancel: t('registrations.cancel'),
                cancelAsk: t('registrations.cancelAsk'),
                cancelYes: t('registrations.cancelYes'),
                cancelNo: t('registrations.cancelNo'),
                cancelling: t('registrations.cancelling'),
                cancelDone: t('registrations.cancelDone'),
                backToEvent: t('registrations.backToEvent'),
                find: t('registrations.find'),
              },
            }}
            load="load"
          />
        </div>
      </section>
    </StaticPage>
  );
}
