import { useEffect, useRef, useState, type ReactNode } from 'react';
import { tooltipDelay } from '../lib/tooltip-delay.ts';

/** What the trigger element needs: spread these onto it. */
export interface TooltipTriggerProps {
  'aria-describedby': string;
  onPointerEnter(event: { pointerType: string }): void;
  onPointerLeave(): void;
  onPointerDown(): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * A short description of a control, shown on hover after 700 ms (at once when another tooltip
 * was open less than 300 ms ago) and on keyboard focus at once; Escape, leaving or pressing the
 * trigger hides it. The text is always in the page (hidden when closed) and tied to the trigger
 * with aria-describedby, so a screen reader reads it without anyone hovering.
 */
export function Tooltip({
  id,
  content,
  children,
}: {
  id: string;
  content: string;
  children: (trigger: TooltipTriggerProps) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isOpen = useRef(false);
  // Focus that follows a press is not a keyboard user asking for the tooltip.
  const pressed = useRef(false);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    const run = () => {
      isOpen.current = true;
      setOpen(true);
      tooltipDelay.opened();
    };
    if (delay > 0) timer.current = setTimeout(run, delay);
    else run();
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (!isOpen.current) return;
    isOpen.current = false;
    setOpen(false);
    tooltipDelay.closed();
  };

  useEffect(() => {
    // Listening from the start, not from the open state's effect: effects run after the paint,
    // and an Escape pressed as soon as the tooltip showed used to find nobody listening.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isOpen.current) return;
      // Taken here: the toaster and the menu leave an Escape alone once it is taken.
      event.preventDefault();
      hide();
    };
    // Capture: an open tooltip is the topmost thing, so it hears Escape before the others do.
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      clearTimeout(timer.current);
    };
  }, []);

  return (
    <span className="tooltip-anchor">
      {children({
        'aria-describedby': id,
        // Touch has no hover; a tap is a press, and the press would close it again at once.
        onPointerEnter: (event) => event.pointerType !== 'touch' && show(tooltipDelay.openDelay()),
        onPointerLeave: hide,
        onPointerDown: () => {
          pressed.current = true;
          hide();
        },
        onFocus: () => !pressed.current && show(0),
        onBlur: () => {
          pressed.current = false;
          hide();
        },
      })}
      <span role="tooltip" id={id} className="tooltip" data-state={open ? 'open' : 'closed'} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
