/** Where the dev server's own endpoints live: no page path starts with this. */
export const DEV_PREFIX = '/__site/';
export const EVENTS_PATH = `${DEV_PREFIX}events`;
export const CLIENT_PATH = `${DEV_PREFIX}client.js`;

/**
 * The script `site dev` adds to every page (never to a build): it listens to the event stream and
 * reloads the page when its path is among the changed ones, swaps the stylesheet on a CSS-only
 * change, and shows or clears the error overlay. A file of its own, not an inline script, so the
 * page's Content-Security-Policy (script-src 'self') allows it unchanged. Plain ES2017, no build.
 */
export const clientScript = `(() => {
  const script = document.currentScript;
  if (!script || !('EventSource' in window)) return;
  const path = decodeURI(location.pathname);
  const query = new URLSearchParams({ path, page: script.dataset.page || '', print: script.dataset.print || '' });
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?' + query);
  const overlay = () => document.getElementById('site-dev-overlay');
  // Says the page listens (browser tests wait for it before saving a file).
  source.addEventListener('open', () => document.documentElement.setAttribute('data-site-dev', 'connected'));

  source.addEventListener('change', (event) => {
    const change = JSON.parse(event.data);
    if (change.paths.includes(path)) {
      source.close();
      location.reload();
    } else if (change.css) {
      swapStylesheet(change.css);
    }
  });
  source.addEventListener('problems', (event) => {
    const holder = document.createElement('div');
    holder.innerHTML = JSON.parse(event.data).html;
    const next = holder.firstElementChild;
    const old = overlay();
    if (old && next) old.replaceWith(next);
    else if (next) document.body.append(next);
  });
  source.addEventListener('ok', () => overlay()?.remove());

  // The new sheet loads beside the old one, which goes once the new one applies: no flash of unstyled page.
  function swapStylesheet(href) {
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (!link.getAttribute('href').startsWith('/assets/')) continue;
      const next = link.cloneNode();
      next.href = href;
      next.addEventListener('load', () => link.remove(), { once: true });
      link.after(next);
    }
  }
})();
`;
