import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Toast } from '../lib/toast-queue.ts';
import { swipeEnds, swipeOffset } from '../lib/swipe.ts';
import { Icon } from './Icon.tsx';

/** Lucide "x" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const xIcon = '<path d="M18 6L6 18M6 6l12 12"/>';
/** Lucide "circle-check" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const circleCheckIcon = '<circle cx="12" cy="12" r="10"/><path d="m16 9l-5.5 5.5L8 12"/>';
/** Lucide "circle-alert" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const circleAlertIcon = '<circle cx="12" cy="12" r="10"/><path d="M12 8v4m0 4h.01"/>';

/**
 * One toast. A swipe to the right of 50 px or more closes it when the pointer lets go (spec §9);
 * a shorter one springs back. The offset is written to the element's style directly: a re-render
 * per pointer move would be wasted work.
 */
export function ToastItem({
  toast,
  closeLabel,
  onClose,
}: {
  toast: Toast;
  closeLabel: string;
  onClose: (id: string) => void;
}) {
  const start = useRef<number | undefined>(undefined);
  const item = useRef<HTMLLIElement>(null);

  const move = (x: number) => item.current?.style.setProperty('--swipe-x', `${x}px`);
  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    // Buttons inside keep their click; a swipe starts on the toast's own surface.
    if ((event.target as Element).closest('button') || event.button !== 0) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.dataset.swipe = 'move';
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current !== undefined) move(swipeOffset(event.clientX - start.current));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current === undefined) return;
    const delta = event.clientX - start.current;
    start.current = undefined;
    if (event.type === 'pointerup' && swipeEnds(delta)) {
      event.currentTarget.dataset.swipe = 'end';
      onClose(toast.id);
    } else {
      delete event.currentTarget.dataset.swipe;
      move(0);
    }
  };

  return (
    <li
      ref={item}
      className={`toast toast-${toast.tone}`}
      data-state={toast.open ? 'open' : 'closed'}
      data-toast-id={toast.id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a toast takes focus so that its timer pauses and Escape closes it (spec: toasts).
      tabIndex={0}
      aria-labelledby={`${toast.id}-title`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <Icon icon={toast.tone === 'error' ? circleAlertIcon : circleCheckIcon} size={20} className="toast-icon" />
      <div className="toast-text">
        <p className="toast-title" id={`${toast.id}-title`}>
          {toast.title}
        </p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      {toast.action && (
        <button type="button" className="toast-action" onClick={toast.action.onClick}>
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => onClose(toast.id)}>
        <Icon icon={xIcon} size={16} />
      </button>
    </li>
  );
}
