import { useEffect, useState } from 'react';
import { placesText } from './lib/places-text.ts';
import { placesLeft } from './lib/registrations-api.ts';

export interface PlacesLeftProps {
  eventId: number;
  /** The built figure, shown until (or if never) the live one arrives. */
  capacity: number;
  /** `places`: "{count} plekken" (built); `left`: "{count} plekken over"; `one`; `full`. */
  text: { places: string; left: string; one: string; full: string };
}

/**
 * Places left of an event, live from /api/registrations/places (one request per page, however
 * many cards). A static page cannot know how many have signed up since it was built, so it shows
 * the capacity until the function answers, and keeps showing it if the function cannot be reached.
 */
export default function PlacesLeft({ eventId, capacity, text }: PlacesLeftProps) {
  const [left, setLeft] = useState<number | undefined>(undefined);
  useEffect(() => {
    void placesLeft().then((places) => {
      const live = places?.[eventId]?.placesLeft;
      if (live !== undefined) setLeft(live);
    });
  }, [eventId]);
  const live = left !== undefined;
  return (
    <span
      className={live && left === 0 ? 'places-left places-full' : 'places-left'}
      data-places-left={live ? String(left) : undefined}
      aria-live="polite"
    >
      {live ? placesText(left, text) : text.places.replace('{count}', String(capacity))}
    </span>
  );
}
