import { useSite } from '../lib/site.tsx';
import { Logo } from './Logo.tsx';
import { Icon } from './Icon.tsx';

export function Footer() {
  const { model, href, t, buildDate } = useSite();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Logo name={model.config.name} />
          <p>{t('footer.tagline')}</p>
        </div>
        <address>
          <p>
            <Icon name="map-pin" size={16} /> {t('footer.address')}
          </p>
          <p>
            <Icon name="phone" size={16} /> {t('footer.phone')}
          </p>
          <p>
            <Icon name="mail" size={16} /> <a href={`mailto:${model.config.officeEmail}`}>{model.config.officeEmail}</a>
          </p>
        </address>
        <nav aria-label={t('footer.linksTitle')}>
          <ul>
            {model.config.footer.map((link, index) => (
              <li key={index}>{'route' in link ? <a href={href(link.route)}>{t(`footer.${link.route}`)}</a> : <a href={link.href}>{t(link.label)}</a>}</li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container copyright">{t('footer.copyright', { year: buildDate.slice(0, 4) })}</p>
    </footer>
  );
}
