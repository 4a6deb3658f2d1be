import { useEffect, useRef, useState } from 'react';
import { ToastItem } from './components/ToastItem.tsx';
import { toastRules, validateLabel, type Toast, type ToastInput } from './lib/toast-queue.ts';
import { toastEvent, toasts } from './lib/toasts.ts';

export interface ToasterProps {
  /** The region's name for screen readers; "{hotkey}" becomes F8. */
  label: string;
  closeLabel: string;
}

/** What a screen reader hears for a toast: its words, and where else its action can be done. */
const spoken = (toast: Toast) => [toast.title, toast.description, toast.action?.altText].filter(Boolean).join('. ');

/**
 * The toast region, bottom right (spec §9), on every page with a form. Toasts come from the
 * shared queue (islands/lib/toasts.ts) or a `site:toast` event. F8 focuses the region; Escape
 * closes the toast holding focus, else the newest; pointer or focus inside pauses every timer.
 */
export default function Toaster({ label, closeLabel }: ToasterProps) {
  const regionLabel = validateLabel(label).replace('{hotkey}', toastRules.hotkey);
  // Empty on the server and in the first (hydrating) render, so the markup matches; filled after.
  const [list, setList] = useState<readonly Toast[]>([]);
  const [announce, setAnnounce] = useState({ foreground: '', background: '' });
  const region = useRef<HTMLElement>(null);

  const close = (id: string) => {
    // Focus inside a toast that goes away would fall to <body>: keep it in the region instead.
    if (region.current?.querySelector(`[data-toast-id="${id}"]`)?.contains(document.activeElement))
      region.current.focus();
    toasts.close(id);
  };

  useEffect(() => {
    let seen = new Set<string>();
    const update = (next: readonly Toast[]) => {
      setList(next);
      const added = next.filter((toast) => toast.open && !seen.has(toast.id));
      seen = new Set(next.map((toast) => toast.id));
      for (const toast of added) setAnnounce((now) => ({ ...now, [toast.type]: spoken(toast) }));
    };
    update(toasts.list());
    const unsubscribe = toasts.subscribe(update);
    const onEvent = (event: Event) => toasts.add((event as CustomEvent<ToastInput>).detail);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === toastRules.hotkey) {
        event.preventDefault();
        region.current?.focus();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        const inside = (document.activeElement as Element | null)?.closest<HTMLElement>('[data-toast-id]');
        const target = inside?.dataset.toastId ?? toasts.newest()?.id;
        if (!target) return;
        event.preventDefault();
        close(target);
      }
    };
    // A visitor who switches to another window is not reading the toasts either.
    const pause = () => toasts.pause();
    const resume = () => toasts.resume();
    document.addEventListener(toastEvent, onEvent);
    document.addEventListener('keydown', onKey);
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    return () => {
      unsubscribe();
      document.removeEventListener(toastEvent, onEvent);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
    };
  }, []);

  const leave = (event: { relatedTarget: EventTarget | null }) => {
    if (!region.current?.contains(event.relatedTarget as Node | null)) toasts.resume();
  };

  return (
    <section
      ref={region}
      className="toaster"
      aria-label={regionLabel}
      tabIndex={-1}
      onPointerMove={() => toasts.pause()}
      onPointerLeave={() => toasts.resume()}
      onFocus={() => toasts.pause()}
      onBlur={leave}
    >
      <ol className="toast-list">
        {list.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} onClose={close} />
        ))}
      </ol>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announce.foreground}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announce.background}
      </div>
    </section>
  );
}
