import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSiteError, type SiteError } from '../../cli/errors/site-error.ts';
import { drawPhoto, makeProject, run } from './fixtures.ts';

const caught = async (promise: Promise<unknown>): Promise<SiteError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isSiteError(error)) throw new Error(`expected a SiteError, got ${String(error)}`);
  return error;
};

describe('unreadable sources', () => {
  it('names every bad file in one go, and still caches the good ones', async () => {
    const good = await drawPhoto(800, 500);
    const project = await makeProject({
      'good.jpg': good,
      'not-an-image.jpg': Buffer.from('this is a text file with a .jpg name\n'),
      'cut-short.jpg': good.subarray(0, Math.floor(good.length * 0.6)),
      'empty.png': Buffer.alloc(0),
    });
    const error = await caught(run(project));
    expect(error.problems.map((p) => [p.code, p.location?.file])).toEqual([
      ['IMAGE_UNREADABLE', 'content/images/cut-short.jpg'],
      ['IMAGE_UNREADABLE', 'content/images/empty.png'],
      ['IMAGE_UNREADABLE', 'content/images/not-an-image.jpg'],
    ]);
    for (const p of error.problems) {
      expect(p.message).toContain(p.location!.file);
      expect(p.message).toMatch(/is not a readable image \(.+\)/);
      expect(p.hint).toMatch(/Export the image again/);
    }
    // The good image's work is kept: fixing the bad ones does not re-encode it.
    const again = await run({ ...project, images: new Map([['good', 'content/images/good.jpg']]) });
    expect(again.encoded).toBe(0);
  });

  it('reports a source that vanished after the content stage listed it', async () => {
    const project = await makeProject({ 'gone.jpg': await drawPhoto(400, 300) });
    await rm(join(project.root, 'content/images/gone.jpg'));
    const error = await caught(run(project));
    expect(error.problems[0]).toMatchObject({
      code: 'IMAGE_UNREADABLE',
      location: { file: 'content/images/gone.jpg' },
    });
  });

  it('reports a used name that has no file at all as IMAGE_NOT_FOUND', async () => {
    const project = await makeProject({ 'court.jpg': await drawPhoto(400, 300) });
    const error = await caught(run(project, { used: new Set(['court', 'missing']) }));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ code: 'IMAGE_NOT_FOUND', field: 'image' });
    expect(error.problems[0]!.message).toContain('"missing"');
  });
});
