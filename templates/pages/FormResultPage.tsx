import { PageFrame } from '../layouts/PageFrame.tsx';
import { Prose } from '../components/Prose.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * Where a form posted without JavaScript lands (functions/plain-form.ts): "sent" per form, with
 * the spec's '{name} formulier verzonden.', or "not sent" per reason, with the spec's failure
 * message and what to do. The way back to a failed form is the browser's back button, which
 * brings the form back as it was typed (tests/browser/forms-without-js.test.ts holds that).
 */
export function FormResultPage() {
  const text = usePageText();
  const { page, t, href } = useSite();
  const id = page.entity.kind === 'form-result' ? page.entity.id : '';
  const sent = page.route === 'form-sent';
  const message = sent ? t('forms.success', { name: t(`forms.formNames.${id}`) }) : t('forms.failure');
  const signup = id === 'signup' || id === 'closed' || id === 'duplicate';
  return (
    <PageFrame title={message}>
      <div className="container narrow form-result" data-form-result={`${sent ? 'sent' : 'failed'}:${id}`}>
        <p className={sent ? 'notice' : 'notice notice-error'}>
          {sent ? t(`formResult.next.${id}`) : t(`formResult.reasons.${id}`)}
        </p>
        {!sent && id !== 'closed' && <p>{t('formResult.back')}</p>}
        <Prose html={text.html} />
        <p className="form-result-links">
          {signup && (
            <a className="button" href={href('events')}>
              {t('formResult.events')}
            </a>
          )}
          <a className={signup ? 'button button-secondary' : 'button'} href={href('home')}>
            {t('errors.backHome')}
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
