import { useSite } from '../lib/site.tsx';

/** Said on an English page that shows Dutch text because its translation is missing. */
export function TranslationNotice({ fallback }: { fallback: boolean }) {
  const { t } = useSite();
  if (!fallback) return null;
  return (
    <p className="notice" lang="en" role="note">
      {t('common.translationMissing')}
    </p>
  );
}
