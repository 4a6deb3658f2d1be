import { toastRules } from './toast-queue.ts';

/**
 * A toast swiped right (the spec's default direction) by at least 50 px closes when the pointer is
 * released; less snaps it back. Movement the other way is not followed: the toast does not slide
 * off toward the page's content.
 */
export function swipeOffset(deltaX: number): number {
  return Math.max(0, deltaX);
}

export function swipeEnds(deltaX: number, threshold: number = toastRules.swipeThreshold): boolean {
  return swipeOffset(deltaX) >= threshold;
}
