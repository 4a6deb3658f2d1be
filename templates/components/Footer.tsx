import type { RouteName } from '../../shared/config.ts';
import { useSite } from '../lib/site.tsx';
import { Logo } from './Logo.tsx';
import { Icon } from './Icon.tsx';
import { PhoneLink } from './PhoneLink.tsx';

/** The footer: the same on every page of a language, so its HTML is made once (templates/shared-parts.tsx). */
export function Footer() {
  const { shared } = useSite();
  return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: shared.footer }} />;
}

/**
 * Who we are, how to reach the office, every page of the main menu again, the policies. Rendered
 * once per language: it must not depend on the page it ends up on.
 */
export function FooterContent() {
  const { model, href, t, buildDate } = useSite();
  const { config } = model;
  // The menu's own pages, groups unfolded; external sites (House of) stay in the header.
  const explore = config.navigation
    .flatMap((item) => ('children' in item ? item.children : [item]))
    .flatMap((link) => ('route' in link ? [link.route as RouteName] : []));
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <Logo name={config.name} />
          <p>{t('footer.tagline')}</p>
          <a href={href('socials')}>
            <Icon name="instagram" size={18} /> {t('footer.followUs')}
          </a>
        </div>
        <div>
          <h2>{t('footer.contactTitle')}</h2>
          <address>
            <p>
              <Icon name="map-pin" size={18} /> {t('footer.address')}
            </p>
            <p>
              <Icon name="phone" size={18} /> <PhoneLink phone={t('footer.phone')} />
            </p>
            <p>
              <Icon name="mail" size={18} /> <a href={`mailto:${config.officeEmail}`}>{config.officeEmail}</a>
            </p>
          </address>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">{t('footer.exploreTitle')}</h2>
          <ul>
            {explore.map((route) => (
              <li key={route}>
                <a href={href(route)}>{t(`nav.${route}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.linksTitle')}</h2>
          <ul>
            {config.footer.map((link, index) => (
              <li key={index}>
                {'route' in link ? (
                  <a href={href(link.route)}>{t(`footer.${link.route}`)}</a>
                ) : (
                  <a href={link.href}>{t(link.label)}</a>
                )}
              </li>
            ))}
            <li>
              <a href={href('registrations')}>{t('nav.registrations')}</a>
            </li>
            <li>
              <a href={href('login')}>{t('nav.login')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: buildDate.slice(0, 4) })}</p>
        <p>{t('footer.kvk')}</p>
      </div>
    </>
  );
}
