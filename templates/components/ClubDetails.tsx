import type { ReactNode } from 'react';
import type { Club } from '../../cli/content/schemas/data.ts';
import { formatPrice, useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';
import { HoursTable } from './Hours.tsx';

/** The lesson types this club offers, each with its price per lesson (content/data/lessons.yaml). */
function Offering({ club }: { club: Club }) {
  const { model, locale, t } = useSite();
  return (
    <ul className="offer-list">
      {model.lessons.packages
        .filter((item) => club.offering.includes(item.id))
        .map((item) => (
          <li key={item.id}>
            <strong>{item.name[locale]}</strong>
            <span>
              {t('lessons.from')} {formatPrice(item.pricePerLesson, locale)} {t('lessons.perLesson')}
            </span>
          </li>
        ))}
    </ul>
  );
}

function Schedule({ club }: { club: Club }) {
  return <HoursTable slots={club.schedule} />;
}

function Trainers({ club }: { club: Club }) {
  const { model, locale } = useSite();
  const roles = new Map(model.lessons.trainerRoles.map((role) => [role.id, role.name[locale]]));
  return (
    <ul className="trainers">
      {club.headTrainers.map((trainer) => (
        <li key={trainer.name}>
          <Island name="avatar" props={{ alt: trainer.name, size: 'xl' }} load="none" />
          <div>
            <strong>{trainer.name}</strong> <span className="trainer-role">{roles.get(trainer.role)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * What one club adds to a section of the text all club pages share (content/<locale>/pages/club.md),
 * by the section's id: its offer, its lesson times, its head trainers.
 */
export function clubDetails(club: Club): Record<string, ReactNode> {
  return {
    offering: <Offering club={club} />,
    'lesson-schedule': <Schedule club={club} />,
    'head-trainers': <Trainers club={club} />,
  };
}
