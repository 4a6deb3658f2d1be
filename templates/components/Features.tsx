import type { Section } from './Sections.tsx';
import { CallToAction, SectionImage } from './Sections.tsx';
import { Prose } from './Prose.tsx';

/** Sections that each lead somewhere (they have a call to action), side by side as photo cards. */
export function Features({ sections }: { sections: Section[] }) {
  if (!sections.length) return null;
  return (
    <div className="section">
      <div className="container feature-grid">
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="feature">
            {section.image && (
              <SectionImage name={section.image} sizes="(min-width: 1240px) 590px, (min-width: 900px) 48vw, 100vw" />
            )}
            <div className="feature-body">
              <h2>{section.title}</h2>
              <Prose html={section.html} />
              {section.cta && <CallToAction cta={section.cta} />}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
