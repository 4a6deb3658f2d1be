import type { PageText } from '../../cli/content/types.ts';
import type { RouteName } from '../../shared/config.ts';
import { useSite } from '../lib/site.tsx';
import { useImage } from '../lib/images.tsx';
import { Picture } from './Picture.tsx';
import { Prose } from './Prose.tsx';
import { Icon } from './Icon.tsx';

export type Section = PageText['sections'][number];

export function CallToAction({ cta }: { cta: NonNullable<Section['cta']> }) {
  const { href } = useSite();
  const target = 'route' in cta ? href(cta.route as RouteName) : cta.href;
  return (
    <a className="button" href={target} {...('href' in cta ? { rel: 'noopener' } : {})}>
      {cta.label}
      <Icon name="arrow-right" size={18} />
    </a>
  );
}

export function SectionImage({ name, sizes }: { name: string; sizes: string }) {
  return <Picture image={useImage(name)} alt="" sizes={sizes} className="section-image" />;
}

const isCallout = (section: Section) => Boolean(section.cta && !section.image);

/**
 * The sections in runs: a run of two or more calls to action without an image (the socials'
 * channels) sits side by side as cards; any other section stands alone.
 */
function runs(sections: Section[]): Section[][] {
  const grouped: Section[][] = [];
  for (const section of sections) {
    const last = grouped.at(-1);
    if (last && isCallout(section) && isCallout(last[0]!)) last.push(section);
    else grouped.push([section]);
  }
  return grouped;
}

function Callout({ section }: { section: Section }) {
  return (
    <section id={section.id} className="callout callout-card">
      <h2>{section.title}</h2>
      <Prose html={section.html} />
      <CallToAction cta={section.cta!} />
    </section>
  );
}

/** The page's sections in order; those with an image sit beside it, alternating left and right. */
export function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {runs(sections).map((run) =>
        run.length > 1 ? (
          <div key={run[0]!.id} className="section">
            <div className="container callout-grid">
              {run.map((section) => (
                <Callout key={section.id} section={section} />
              ))}
            </div>
          </div>
        ) : (
          <SingleSection key={run[0]!.id} section={run[0]!} />
        ),
      )}
    </>
  );
}

function SingleSection({ section }: { section: Section }) {
  return (
    <section id={section.id} className={section.image ? 'section split' : 'section'}>
      <div className={section.image ? 'container section-inner' : 'container'}>
        <div className={section.image ? undefined : section.cta ? 'measure callout' : 'measure'}>
          <h2>{section.title}</h2>
          <Prose html={section.html} />
          {section.cta && <CallToAction cta={section.cta} />}
        </div>
        {section.image && (
          <SectionImage name={section.image} sizes="(min-width: 1240px) 570px, (min-width: 900px) 46vw, 100vw" />
        )}
      </div>
    </section>
  );
}

/** Questions and answers, each opening in place (no script). */
export function FaqList({ items }: { items: PageText['faq'] }) {
  return (
    <div className="faq-list">
      {items.map((item, index) => (
        <details key={index} className="faq-item">
          <summary>{item.question}</summary>
          <Prose html={item.html} />
        </details>
      ))}
    </div>
  );
}

export function Faq({ items }: { items: PageText['faq'] }) {
  const { t } = useSite();
  if (!items.length) return null;
  return (
    <section className="section faq" id="faq" aria-labelledby="faq-title">
      <div className="container">
        <div className="measure">
          <h2 id="faq-title">{t('common.faq')}</h2>
          <FaqList items={items} />
        </div>
      </div>
    </section>
  );
}
