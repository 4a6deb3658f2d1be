import type { PageText } from '../../cli/content/types.ts';
import type { RouteName } from '../../cli/config/schema.ts';
import { useSite } from '../lib/site.tsx';
import { useImage } from '../lib/images.tsx';
import { Picture } from './Picture.tsx';
import { Prose } from './Prose.tsx';
import { Icon } from './Icon.tsx';

type Section = PageText['sections'][number];

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

function SectionImage({ name }: { name: string }) {
  return <Picture image={useImage(name)} alt="" sizes="(min-width: 960px) 460px, 100vw" className="section-image" />;
}

/** The page's sections in order; those with an image alternate left and right. */
export function Sections({ sections, only }: { sections: Section[]; only?: string[] }) {
  const shown = only ? sections.filter((section) => only.includes(section.id)) : sections;
  return (
    <>
      {shown.map((section) => (
        <section key={section.id} id={section.id} className={section.image ? 'section split' : 'section'}>
          <div className="container section-inner">
            <div className="section-text">
              <h2>{section.title}</h2>
              <Prose html={section.html} />
              {section.cta && <CallToAction cta={section.cta} />}
            </div>
            {section.image && <SectionImage name={section.image} />}
          </div>
        </section>
      ))}
    </>
  );
}

export function Faq({ items }: { items: PageText['faq'] }) {
  const { t } = useSite();
  if (!items.length) return null;
  return (
    <section className="section faq" id="faq">
      <div className="container narrow">
        <h2>{t('common.faq')}</h2>
        {items.map((item, index) => (
          <details key={index} className="faq-item">
            <summary>{item.question}</summary>
            <Prose html={item.html} />
          </details>
        ))}
      </div>
    </section>
  );
}
