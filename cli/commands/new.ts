import { type Command, Option } from 'commander';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { projectFolder } from '../config/project-folder.ts';

export function registerNewCommand(program: Command): void {
  program
    .command('new')
    .description(
      'Write the Dutch and English files of a new news article, event or vacancy: the next free id and every required field, as a draft.',
    )
    .argument('<kind>', 'news, events or jobs (string)')
    .argument('<title>', 'the Dutch title, in quotes (string)')
    .addOption(
      new Option('--en <title>', 'the English title, for the English file and its address (string)').default(
        undefined,
        'the Dutch title, to translate',
      ),
    )
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .action(async (kind: string, title: string, options: { root: string; en?: string }) => {
      const root = projectFolder(options.root);
      const [{ readContent }, { newItem }, { parseYaml }] = await Promise.all([
        import('../content/read.ts'),
        import('../editor/new-item.ts'),
        import('../source/yaml-source.ts'),
      ]);
      const content = await readContent(root);
      const clubs = content.files.find((file) => file.path === 'content/data/clubs.yaml');
      const first: unknown = clubs ? (parseYaml(clubs.text, clubs.path).data as unknown[] | undefined)?.[0] : undefined;
      const club =
        first && typeof first === 'object' && typeof (first as { id?: unknown }).id === 'number'
          ? (first as { id: number }).id
          : undefined;
      const item = newItem(content, kind, title, new Date().toISOString().slice(0, 10), club, options.en ?? title);
      for (const file of item.files) {
        await mkdir(dirname(join(root, file.path)), { recursive: true });
        // `wx`: never over an existing file (the next free id makes a new name; this is the guard).
        await writeFile(join(root, file.path), file.text, { flag: 'wx' });
        process.stdout.write(`wrote ${file.path}\n`);
      }
      process.stdout.write(
        `${kind} ${item.id} is a draft: site dev shows it; remove its draft line to publish it with site build.\n`,
      );
    });
}
