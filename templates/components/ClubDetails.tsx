import type { ReactNode } from 'react';
import type { Club } from '../../cli/content/schemas/data.ts';
import { useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';

/** The lesson types this club offers. */
function Offering({ club }: { club: Club }) {
  const { model, locale } = useSite();
  return (
    <ul className="tags">
      {model.lessons.packages
        .filter((item) => club.offering.includes(item.id))
        .map((item) => (
          <li key={item.id}>{item.name[locale]}</li>
        ))}
    </ul>
  );
}

function Schedule({ club }: { club: Club }) {
  const { t } = useSite();
  return (
    <table className="schedule">
      <tbody>
        {club.schedule.map((slot) => (
          <tr key={slot.day}>
            <th scope="row">{t(`club.days.${slot.day}`)}</th>
            <td>
              {slot.start} – {slot.end}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
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
