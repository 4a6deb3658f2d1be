import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { collectNow } from '../../cli/build/collection.ts';

test('collects now what nothing holds, and leaves no `gc` in the contexts made afterwards', async () => {
  let held: object | undefined = { big: new Array(1_000).fill('x') };
  const ref = new WeakRef(held);
  held = undefined;
  await new Promise((resolve) => setImmediate(resolve)); // a WeakRef keeps its target to the end of the job it was made in
  collectNow();
  expect(ref.deref()).toBeUndefined();
  expect(runInNewContext('typeof gc')).toBe('undefined');
});
