/** HTML rendered from an editor's Markdown at build time. */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
