import { ToastQueue, type Toast, type ToastInput } from './toast-queue.ts';

/**
 * The page's one toast queue. Islands import this module; esbuild puts it in a chunk they share,
 * so a form island and the toaster island see the same queue even though they hydrate apart.
 * A toast pushed before the toaster has hydrated waits in the queue and shows when it does.
 */
export const toasts = new ToastQueue();

/** Show a toast (validated: a bad one throws a ToastError naming the problem). */
export function toast(input: ToastInput): Toast {
  return toasts.add(input);
}

/**
 * The same API for code that is not an island (and for tests): dispatch
 * `new CustomEvent('site:toast', { detail: { title, description, type, tone, duration } })` on document.
 */
export const toastEvent = 'site:toast';
