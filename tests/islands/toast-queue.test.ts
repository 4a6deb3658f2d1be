/** The toast rules of spec §4, §5 and §9, on a fake clock. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ToastError,
  ToastQueue,
  toastRules,
  validateLabel,
  validateToast,
  type ToastInput,
} from '../../islands/lib/toast-queue.ts';

const open = (queue: ToastQueue) => queue.visible().map((toast) => toast.title);
const all = (queue: ToastQueue) => queue.list().map((toast) => `${toast.title}:${toast.open ? 'open' : 'closed'}`);

describe('toast queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the spec constants', () => {
    expect(toastRules).toEqual({ max: 5, duration: 5000, removeDelay: 200, swipeThreshold: 50, hotkey: 'F8' });
  });

  test('a toast is shown, closes after 5000 ms, and is removed 200 ms later', () => {
    const queue = new ToastQueue();
    const toast = queue.add({ title: 'Contact formulier verzonden.' });
    expect(toast).toMatchObject({ open: true, type: 'foreground', tone: 'info', duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(all(queue)).toEqual(['Contact formulier verzonden.:open']);
    vi.advanceTimersByTime(1);
    expect(all(queue)).toEqual(['Contact formulier verzonden.:closed']);
    vi.advanceTimersByTime(199);
    expect(queue.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.list()).toHaveLength(0);
  });

  test.each([
    { added: 1, open: ['t1'] },
    { added: 5, open: ['t1', 't2', 't3', 't4', 't5'] },
    { added: 6, open: ['t2', 't3', 't4', 't5', 't6'] },
    { added: 9, open: ['t5', 't6', 't7', 't8', 't9'] },
  ])('$added added: at most five open, the newest ($open)', ({ added, open: expected }) => {
    const queue = new ToastQueue();
    for (let n = 1; n <= added; n += 1) queue.add({ title: `t${n}` });
    expect(open(queue)).toEqual(expected);
    // The ones pushed out close like any other: gone 200 ms later.
    vi.advanceTimersByTime(200);
    expect(queue.list()).toHaveLength(expected.length);
  });

  test('closing marks it closed at once and removes it after 200 ms; closing twice is harmless', () => {
    const queue = new ToastQueue();
    const first = queue.add({ title: 'a' });
    queue.add({ title: 'b' });
    queue.close(first.id);
    queue.close(first.id);
    expect(all(queue)).toEqual(['a:closed', 'b:open']);
    vi.advanceTimersByTime(200);
    expect(all(queue)).toEqual(['b:open']);
  });

  test('pausing stops every timer where it is; resuming runs only the time that was left', () => {
    const queue = new ToastQueue();
    queue.add({ title: 'a' });
    vi.advanceTimersByTime(3000);
    queue.add({ title: 'b' });
    vi.advanceTimersByTime(1000);
    queue.pause();
    vi.advanceTimersByTime(60_000);
    expect(open(queue)).toEqual(['a', 'b']);
    queue.resume();
    vi.advanceTimersByTime(999);
    expect(open(queue)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(open(queue)).toEqual(['b']);
    vi.advanceTimersByTime(3000);
    expect(open(queue)).toEqual([]);
  });

  test('a toast added while paused waits for the resume to start its clock', () => {
    const queue = new ToastQueue();
    queue.pause();
    queue.add({ title: 'a', duration: 1000 });
    vi.advanceTimersByTime(5000);
    expect(open(queue)).toEqual(['a']);
    queue.resume();
    vi.advanceTimersByTime(1000);
    expect(open(queue)).toEqual([]);
  });

  test('pause and resume twice count once', () => {
    const queue = new ToastQueue();
    queue.add({ title: 'a', duration: 1000 });
    queue.pause();
    queue.pause();
    vi.advanceTimersByTime(500);
    queue.resume();
    queue.resume();
    vi.advanceTimersByTime(999);
    expect(open(queue)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(open(queue)).toEqual([]);
  });

  test('an infinite duration stays until closed', () => {
    const queue = new ToastQueue();
    const toast = queue.add({ title: 'a', duration: Infinity });
    vi.advanceTimersByTime(3_600_000);
    expect(open(queue)).toEqual(['a']);
    queue.close(toast.id);
    expect(open(queue)).toEqual([]);
  });

  test('listeners hear every change: add, close, removal', () => {
    const queue = new ToastQueue();
    const heard: string[][] = [];
    const stop = queue.subscribe((toasts) => heard.push(toasts.map((t) => `${t.title}:${t.open}`)));
    const toast = queue.add({ title: 'a' });
    queue.close(toast.id);
    vi.advanceTimersByTime(200);
    stop();
    queue.add({ title: 'b' });
    expect(heard).toEqual([['a:true'], ['a:false'], []]);
  });

  test('newest() is the last open toast: the one Escape closes', () => {
    const queue = new ToastQueue();
    queue.add({ title: 'a' });
    const b = queue.add({ title: 'b' });
    expect(queue.newest()?.title).toBe('b');
    queue.close(b.id);
    expect(queue.newest()?.title).toBe('a');
  });
});

describe('toast validation (spec §5)', () => {
  test.each<[string, ToastInput, string]>([
    ['blank title', { title: '   ' }, 'needs a title that is not blank'],
    ['empty title', { title: '' }, 'needs a title that is not blank'],
    ['unknown type', { title: 'a', type: 'loud' as never }, 'must be "foreground" or "background", received "loud"'],
    [
      'action without alt text',
      { title: 'a', action: { label: 'Undo', altText: ' ', onClick: () => {} } },
      'The toast action "Undo" needs altText',
    ],
    ['zero duration', { title: 'a', duration: 0 }, 'must be above 0 ms'],
  ])('%s is refused with a clear error', (_, input, message) => {
    expect(() => validateToast(input)).toThrow(ToastError);
    expect(() => validateToast(input)).toThrow(message);
    expect(() => new ToastQueue().add(input)).toThrow(message);
  });

  test.each<ToastInput>([
    { title: 'a' },
    { title: 'a', type: 'foreground' },
    { title: 'a', type: 'background', description: 'b' },
    { title: 'a', action: { label: 'Undo', altText: 'Undo in your settings', onClick: () => {} } },
  ])('accepts %o', (input) => {
    expect(() => validateToast(input)).not.toThrow();
  });

  test('the region label must not be blank', () => {
    expect(validateLabel('Meldingen ({hotkey})')).toBe('Meldingen ({hotkey})');
    expect(() => validateLabel(' ')).toThrow('needs a label that is not blank');
  });
});
