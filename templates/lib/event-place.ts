import type { EventData } from '../../cli/content/schemas/markdown.ts';

/** Where an event is held: at a club (its name and town) or at an address written out. */
export interface EventPlace {
  /** The club's name, or the address as written. */
  name: string;
  /** The club's town; an address written out carries its own. */
  locality?: string;
  /** One line, as the event page shows it: "TC De Bongerd, Wageningen". */
  text: string;
}

export function eventPlace(
  event: Pick<EventData, 'location'>,
  clubs: ReadonlyArray<{ id: number; name: string; city: string }>,
): EventPlace {
  if ('address' in event.location) return { name: event.location.address, text: event.location.address };
  const id = event.location.club;
  const club = clubs.find((candidate) => candidate.id === id);
  // Validation refuses an unknown club; the id stands in should a model ever lack it.
  if (!club) return { name: `club ${id}`, text: `club ${id}` };
  return { name: club.name, locality: club.city, text: `${club.name}, ${club.city}` };
}
