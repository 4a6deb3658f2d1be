import { StaticPage } from './StaticPage.tsx';
import { Card, CardGrid } from '../components/Cards.tsx';
import { Icon } from '../components/Icon.tsx';
import { useSite } from '../lib/site.tsx';

/** All affiliated clubs, by name, with city and free places. */
export function ClubsPage() {
  const { model, href, t } = useSite();
  const clubs = [...model.clubs].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  return (
    <StaticPage>
      <section className="section">
        <div className="container">
          <p className="count">{t('club.count', { count: clubs.length })}</p>
          <CardGrid>
            {clubs.map((club) => (
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
                <p>{club.availability > 0 ? t('club.availability', { count: club.availability }) : t('club.availabilityNone')}</p>
              </Card>
            ))}
          </CardGrid>
        </div>
      </section>
    </StaticPage>
  );
}
