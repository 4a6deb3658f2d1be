/**
 * The one script tag of a page with islands (templates/components/Island.tsx adds it). It finds
 * every <site-island> boundary and hydrates each when its strategy says: `load` once the first paint is on screen, `idle`
 * when the browser has a moment, `visible` when it nears the viewport. Anyone who touches an
 * island before then (focus, pointer) gets it hydrated at once. No framework here: this file must
 * stay tiny, since it is the only script every island page downloads before it is needed.
 */
type Strategy = 'load' | 'idle' | 'visible';

/** A form sent before its island hydrated: held back (a native post would fail), sent once alive. */
const held = new WeakMap<HTMLElement, HTMLFormElement>();

function hydrateBoundary(boundary: HTMLElement): void {
  if (boundary.dataset.state) return;
  boundary.dataset.state = 'loading';
  const name = boundary.dataset.island ?? '?';
  Promise.all([import(/* @vite-ignore */ boundary.dataset.src!), import('./runtime/hydrate.ts')])
    .then(([island, runtime]: [{ default: unknown }, typeof import('./runtime/hydrate.ts')]) => {
      runtime.hydrateIsland(island.default, boundary, JSON.parse(boundary.dataset.props ?? '{}') as object);
      // Tests and styles can wait for this; a hydrated island says so.
      boundary.dataset.state = 'hydrated';
      held.get(boundary)?.requestSubmit();
    })
    .catch((error: unknown) => {
      boundary.dataset.state = 'failed';
      console.error(`Island "${name}" could not start:`, error);
    });
}

/**
 * `load` islands start once the page's first paint is on screen, not before it. The loader runs as
 * soon as the HTML is parsed, before the first frame: the login page's first paint then waited for
 * its island's nine files to be asked for, and Lighthouse counts every request started before a
 * paint as part of it (its note, the largest paint, at 1.5-1.8 s; performance 99). A frame is not
 * enough (a busy machine shows the frame after the next task has run): the paint entry is. A hidden
 * page paints nothing, so it starts at once; a browser without paint entries waits one frame.
 */
let painted: Promise<void> | undefined;
const firstPaint = () =>
  (painted ??= new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return void requestAnimationFrame(() => setTimeout(resolve, 0));
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  }));

const idle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

let observer: IntersectionObserver | undefined;
function whenVisible(boundary: HTMLElement): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer!.unobserve(entry.target);
        hydrateBoundary(entry.target.closest<HTMLElement>('site-island')!);
      }
    },
    { rootMargin: '200px' },
  );
  // The boundary is display:contents (it has no box, so it never intersects): watch its content.
  observer.observe(boundary.firstElementChild ?? boundary);
}

for (const boundary of document.querySelectorAll<HTMLElement>('site-island[data-src]')) {
  boundary.addEventListener('submit', (event) => {
    if (boundary.dataset.state === 'hydrated') return;
    event.preventDefault();
    held.set(boundary, event.target as HTMLFormElement);
    hydrateBoundary(boundary);
  });
  const strategy = (boundary.dataset.load ?? 'load') as Strategy;
  if (strategy === 'load') void firstPaint().then(() => hydrateBoundary(boundary));
  else {
    const now = () => hydrateBoundary(boundary);
    boundary.addEventListener('focusin', now, { once: true });
    boundary.addEventListener('pointerdown', now, { once: true });
    if (strategy === 'idle') idle(now);
    else whenVisible(boundary);
  }
}
