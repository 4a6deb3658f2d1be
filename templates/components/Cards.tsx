import type { ReactNode } from 'react';
import { Picture } from './Picture.tsx';
import { useImage } from '../lib/images.tsx';

/** A linked card with a photo: clubs, news, events. */
export function Card({ href, image, title, meta, children }: { href: string; image: string; title: string; meta?: ReactNode; children?: ReactNode }) {
  return (
    <article className="card">
      <Picture image={useImage(image)} alt="" sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" className="card-image" />
      <div className="card-body">
        {meta && <p className="card-meta">{meta}</p>}
        <h3>
          <a href={href} className="card-link">
            {title}
          </a>
        </h3>
        {children}
      </div>
    </article>
  );
}

export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="card-grid" {...(label ? { role: 'list', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
