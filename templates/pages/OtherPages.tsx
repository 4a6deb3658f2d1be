import { StaticPage } from './StaticPage.tsx';
import { PageFrame } from '../layouts/PageFrame.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { Field } from '../components/Field.tsx';
import { Island } from '../components/Island.tsx';
import { formText } from '../lib/island-props.ts';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

export function JobsPage() {
  const site = useSite();
  const { model, locale, t } = site;
  return (
    <StaticPage>
      <section className="section" id="vacatures">
        <div className="container jobs">
          <h2>{t('jobs.vacancies')}</h2>
          {model.jobs.length === 0 && <p>{t('jobs.noVacancies')}</p>}
          {model.jobs.map((item) => {
            const job = item[locale];
            return (
              <article
                key={job.data.id}
                id={job.data.slug}
                className={job.data.kind === 'call' ? 'job job-call' : 'job'}
              >
                <p className="card-meta">{job.data.kind === 'call' ? t('jobs.call') : t('jobs.vacancy')}</p>
                <h3>{job.data.title}</h3>
                <ul className="job-facts">
                  <li>
                    <Icon name="map-pin" size={16} /> {job.data.location}
                  </li>
                  <li>
                    <Icon name="clock" size={16} /> {job.data.hours}
                  </li>
                  {job.data.licence && (
                    <li>
                      <Icon name="badge-check" size={16} /> {t('jobs.licenceRequired')}
                    </li>
                  )}
                </ul>
                <p className="lead">{job.data.summary}</p>
                {/* The whole text on request: four vacancies in full made a phone page of 13,000 px. */}
                <details className="faq-item job-details">
                  <summary>{t('jobs.details')}</summary>
                  <Prose html={job.html} />
                </details>
                <Island
                  name="job-form"
                  props={{
                    id: `job-${job.data.id}`,
                    locale,
                    jobId: String(job.data.id),
                    open: t('jobs.apply'),
                    labels: {
                      firstName: t('forms.firstName'),
                      surname: t('forms.surname'),
                      email: t('forms.email'),
                      phone: t('forms.phone'),
                      motivation: t('jobs.motivation'),
                    },
                    text: formText(site, 'job'),
                  }}
                  load="visible"
                />
              </article>
            );
          })}
        </div>
      </section>
    </StaticPage>
  );
}

export function RegionalTennisPage() {
  const { model, locale, t, href } = useSite();
  return (
    <StaticPage>
      <section className="section tinted">
        <div className="container region-grid">
          {model.lessons.regions.map((region) => {
            const clubs = model.clubs.filter((club) => club.region === region.id);
            return (
              <article key={region.id} className="region" id={region.id}>
                <h2>{region.name[locale]}</h2>
                <p>{region.description[locale]}</p>
                <dl>
                  <dt>{t('regional.trainingDay')}</dt>
                  <dd>{region.trainingDay[locale]}</dd>
                  <dt>{t('regional.clubs')}</dt>
                  <dd>{clubs.map((club) => club.name).join(', ')}</dd>
                </dl>
                <a className="button" href={`${href('contact')}?regio=${region.id}`}>
                  {region.cta[locale]}
                  <Icon name="arrow-right" size={18} />
                </a>
              </article>
            );
          })}
        </div>
      </section>
    </StaticPage>
  );
}

/**
 * The staging login: a plain form (no script on this page), posted as a browser posts it. A wrong
 * code comes back to the same page under staging-login-failed, which says so at the field.
 */
export function StagingLoginPage() {
  const text = usePageText();
  const { t, page, locale } = useSite();
  const failed = page.route === 'staging-login-failed';
  return (
    <PageFrame>
      <Prose html={text.html} />
      <form className="form" method="post" action="/api/staging-login" data-form="staging-login">
        <input type="hidden" name="locale" value={locale} />
        <Field
          name="password"
          label={t('login.stagingPassword')}
          type="password"
          required
          autoComplete="current-password"
          {...(failed ? { error: t('login.stagingFailed'), autoFocus: true } : {})}
        />
        <button className="button" type="submit">
          {t('login.stagingSubmit')}
        </button>
      </form>
    </PageFrame>
  );
}

/** 404 and 500: the status, the path asked for (404), a way back. */
export function StatusPage() {
  const { page, t, href } = useSite();
  const status = page.entity.kind === 'status' ? page.entity.status : 404;
  const text = usePageText(status === 404 ? 'not-found' : 'error');
  const message = status === 404 ? t('errors.notFound') : text.data.title;
  return (
    <PageFrame title={message} description={text.data.description}>
      <div className="container narrow status-page">
        <p className="status-code">{status}</p>
        {/* A 500 says what happened in its page text (content/<locale>/pages/error.md). */}
        {status === 404 && (
          <p>
            {message}
            {': '}
            <Island
              name="requested-path"
              props={{ placeholder: page.locale === 'en' ? '/en/...' : '/...' }}
              load="load"
            />
          </p>
        )}
        <Prose html={text.html} />
        {/* The spec's error page: "Clear errors" goes to / in either language. */}
        <a className="button" href={status === 404 ? href('home') : '/'}>
          {status === 404 ? t('errors.backHome') : t('errors.clearErrors')}
        </a>
      </div>
    </PageFrame>
  );
}
