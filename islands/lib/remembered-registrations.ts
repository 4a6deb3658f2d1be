/**
 * Registrations opened on this device (localStorage), so a guest finds them again without the
 * mail. Storage may be missing or refuse (private windows): then nothing is remembered.
 */
export interface Remembered {
  id: string;
  token: string;
  title: { nl: string; en: string };
  start: string;
}

const REMEMBER_KEY = 'site-registrations';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function rememberedRegistrations(): Remembered[] {
  try {
    const list = JSON.parse(storage()?.getItem(REMEMBER_KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? (list as Remembered[]).filter(
          (item) =>
            typeof item?.id === 'string' && typeof item.token === 'string' && typeof item.title?.nl === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function rememberRegistration(item: Remembered): void {
  const others = rememberedRegistrations().filter((entry) => entry.id !== item.id);
  try {
    storage()?.setItem(REMEMBER_KEY, JSON.stringify([item, ...others].slice(0, 20)));
  } catch {
    // Storage full or refused (a private window): the mail link still works.
  }
}
