import type { Lessons } from '../../cli/content/schemas/data.ts';
import { useSite } from '../lib/site.tsx';

type Slot = Lessons['workingHours'][number];

/** Days in a row with the same hours, as one row: Monday to Thursday 08:30 – 22:00. */
export function groupDays(slots: Slot[]): Array<{ first: Slot['day']; last: Slot['day']; start: string; end: string }> {
  const groups: Array<{ first: Slot['day']; last: Slot['day']; start: string; end: string }> = [];
  for (const slot of slots) {
    const previous = groups.at(-1);
    if (previous && previous.start === slot.start && previous.end === slot.end) previous.last = slot.day;
    else groups.push({ first: slot.day, last: slot.day, start: slot.start, end: slot.end });
  }
  return groups;
}

/** A table of days and hours: a club's lesson times (one row a day), the office's hours (days grouped). */
export function HoursTable({ slots, group = false }: { slots: Slot[]; group?: boolean }) {
  const { t, locale } = useSite();
  const day = (name: string) => t(`club.days.${name}`);
  const rows = group
    ? groupDays(slots)
    : slots.map((slot) => ({ first: slot.day, last: slot.day, start: slot.start, end: slot.end }));
  return (
    <table className="schedule">
      <tbody>
        {rows.map((row) => (
          <tr key={row.first}>
            <th scope="row">
              {row.first === row.last
                ? day(row.first)
                : t('common.dayRange', {
                    from: day(row.first),
                    to: locale === 'nl' ? day(row.last).toLowerCase() : day(row.last),
                  })}
            </th>
            <td>
              {row.start} – {row.end}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The office's hours from content/data/lessons.yaml (spec §3: weekday working hours), days grouped. */
export function WorkingHours() {
  const { model } = useSite();
  return <HoursTable slots={model.lessons.workingHours} group />;
}
