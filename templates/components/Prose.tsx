/** HTML rendered from an editor's Markdown at build time; `lang` when it is not in the page's language. */
export function Prose({ html, className, lang }: { html: string; className?: string; lang?: string | undefined }) {
  return (
    <div
      className={className ? `prose ${className}` : 'prose'}
      lang={lang}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
