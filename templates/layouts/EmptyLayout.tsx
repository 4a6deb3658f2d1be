import { Document } from '../document.tsx';
import { Logo } from '../components/Logo.tsx';
import { Picture } from '../components/Picture.tsx';
import { useImage } from '../lib/images.tsx';
import { useSite } from '../lib/site.tsx';
import type { LayoutProps } from './DefaultLayout.tsx';

/** No navigation: a card on a photo, for signing in (login, staging login). */
export function EmptyLayout({ title, description, hero, heading = true, children }: LayoutProps) {
  const { model, href } = useSite();
  return (
    <Document title={title} description={description} hero={hero}>
      <main id="main" className="empty-layout">
        <Picture image={useImage(hero.image)} alt="" sizes="100vw" priority className="empty-backdrop" />
        <div className="empty-card">
          <a className="brand" href={href('home')}>
            <Logo name={model.config.name} />
          </a>
          {heading && <h1>{title}</h1>}
          {children}
        </div>
      </main>
    </Document>
  );
}
