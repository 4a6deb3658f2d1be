import { OutputDir } from '../../cli/build/output.ts';

/** A build of one page written into a fresh build folder of `dist` and switched in: the output's swap alone, without a site. */
export async function committedBuild(dist: string, text: string): Promise<OutputDir> {
  const output = await OutputDir.create(dist);
  await output.write('public/index.html', text);
  await output.commit();
  return output;
}
