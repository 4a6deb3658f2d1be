import { StaticPage } from './StaticPage.tsx';
import { Card, CardGrid } from '../components/Cards.tsx';
import { Availability } from '../components/ClubFacts.tsx';
import { Icon } from '../components/Icon.tsx';
import { useSite } from '../lib/site.tsx';

/** All affiliated clubs by region, each with its city and free places. */
export function ClubsPage() {
  const { model, href, locale, t } = useSite();
  const regions = model.lessons.regions
    .map((region) => ({
      ...region,
      clubs: model.clubs.filter((club) => club.region === region.id).sort((a, b) => a.name.localeCompare(b.name, 'nl')),
    }))
    .filter((region) => region.clubs.length > 0);
  return (
    <StaticPage>
      <div className="section">
        <div className="container">
          <nav aria-label={t('club.region')}>
            <ul className="chips">
              {regions.map((region) => (
                <li key={region.id}>
                  <a href={`#${region.id}`}>
                    {region.name[locale]} ({region.clubs.length})
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {regions.map((region) => (
            <section key={region.id} id={region.id} aria-labelledby={`${region.id}-title`}>
              <h2 id={`${region.id}-title`}>{region.name[locale]}</h2>
              <CardGrid>
                {region.clubs.map((club) => (
                  <Card
                    key={club.id}
                    href={href('club', { id: club.id, slug: club.slug })}
                    image={club.image}
                    title={club.name}
                    meta={
                      <>
                        <Icon name="map-pin" size={16} /> {club.city}
                      </>
                    }
                  >
                    <Availability count={club.availability} />
                  </Card>
                ))}
              </CardGrid>
            </section>
          ))}
        </div>
      </div>
    </StaticPage>
  );
}
