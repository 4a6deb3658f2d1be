/**
 * The toast store shared by every island on a page (one module, one shared chunk, one instance).
 * The rules are the spec's (§4, §5, §9): a toast is added to a queue and shown; at most 5 are
 * open; it closes after 5000 ms unless paused; a closed toast stays 200 ms (its exit animation)
 * and is then removed. When a sixth arrives, the oldest open one closes, as in the original site
 * (Nuxt UI keeps the newest `max`): the newest message is the one a visitor needs to see.
 */

export const toastRules = { max: 5, duration: 5000, removeDelay: 200, swipeThreshold: 50, hotkey: 'F8' } as const;

export type ToastType = 'foreground' | 'background';
export type ToastTone = 'info' | 'success' | 'error';

export interface ToastAction {
  label: string;
  /** What the action does, for a screen reader that reaches it without seeing the toast. Required (spec §5). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  /** foreground: the result of something the visitor did (announced at once); background: not. */
  type?: ToastType;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; Infinity keeps it until closed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast extends Required<Pick<ToastInput, 'title' | 'type' | 'tone' | 'duration'>> {
  id: string;
  open: boolean;
  description?: string;
  action?: ToastAction;
}

/** A toast the spec does not allow; thrown at the caller, who made the mistake. */
export class ToastError extends Error {
  override name = 'ToastError';
}

/** The spec's validation (§5): label not blank, type foreground|background, an action needs alt text. */
export function validateToast(input: ToastInput): void {
  if (typeof input.title !== 'string' || input.title.trim() === '')
    throw new ToastError('A toast needs a title that is not blank.');
  if (input.type !== undefined && input.type !== 'foreground' && input.type !== 'background') {
    throw new ToastError(`A toast's type must be "foreground" or "background", received "${String(input.type)}".`);
  }
  if (input.action && (typeof input.action.altText !== 'string' || input.action.altText.trim() === '')) {
    throw new ToastError(`The toast action "${input.action.label}" needs altText: what it does, for screen readers.`);
  }
  if (input.duration !== undefined && !(input.duration > 0))
    throw new ToastError(`A toast's duration must be above 0 ms, received ${input.duration}.`);
}

/** The label of the toast region (F8); Radix refuses a blank one, and so do we. */
export function validateLabel(label: string): string {
  if (typeof label !== 'string' || label.trim() === '')
    throw new ToastError('The toast region needs a label that is not blank (e.g. "Notifications").');
  return label;
}

interface Timer {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | undefined;
}

type Listener = (toasts: readonly Toast[]) => void;

export class ToastQueue {
  private toasts: Toast[] = [];
  private readonly timers = new Map<string, Timer>();
  private readonly listeners = new Set<Listener>();
  private paused = false;
  private next = 0;

  list(): readonly Toast[] {
    return this.toasts;
  }

  /** Open toasts (the ones a visitor sees); closing ones are on their way out. */
  visible(): readonly Toast[] {
    return this.toasts.filter((toast) => toast.open);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(input: ToastInput): Toast {
    validateToast(input);
    this.next += 1;
    const toast: Toast = {
      id: `toast-${this.next}`,
      open: true,
      title: input.title,
      type: input.type ?? 'foreground',
      tone: input.tone ?? 'info',
      duration: input.duration ?? toastRules.duration,
      ...(input.description ? { description: input.description } : {}),
      ...(input.action ? { action: input.action } : {}),
    };
    this.toasts = [...this.toasts, toast];
    const open = this.visible();
    for (const old of open.slice(0, Math.max(0, open.length - toastRules.max))) this.close(old.id, false);
    this.startTimer(toast);
    this.emit();
    return toast;
  }

  /** Marks it closed now and removes it 200 ms later (spec §4). */
  close(id: string, emit = true): void {
    const toast = this.toasts.find((item) => item.id === id);
    if (!toast?.open) return;
    this.stopTimer(id);
    this.timers.delete(id);
    this.toasts = this.toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
    setTimeout(() => {
      this.toasts = this.toasts.filter((item) => item.id !== id);
      this.emit();
    }, toastRules.removeDelay);
    if (emit) this.emit();
  }

  /** The newest open toast: the one Escape closes when focus is not inside a toast. */
  newest(): Toast | undefined {
    return this.visible().at(-1);
  }

  /** Pointer or focus entered the toast area: every timer stops where it is (spec §4). */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    for (const id of this.timers.keys()) this.stopTimer(id);
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const toast of this.visible()) this.runTimer(toast.id);
  }

  isPaused(): boolean {
    return this.paused;
  }

  private startTimer(toast: Toast): void {
    if (!Number.isFinite(toast.duration)) return;
    this.timers.set(toast.id, { remaining: toast.duration, startedAt: 0, handle: undefined });
    if (!this.paused) this.runTimer(toast.id);
  }

  private runTimer(id: string): void {
    const timer = this.timers.get(id);
    if (!timer || timer.handle !== undefined) return;
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => this.close(id), timer.remaining);
  }

  private stopTimer(id: string): void {
    const timer = this.timers.get(id);
    if (!timer || timer.handle === undefined) return;
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.toasts);
  }
}
