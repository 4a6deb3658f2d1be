import { type Command, Option } from 'commander';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { projectFolder } from '../config/project-folder.ts';

/** Where the schemas go: beside the editor settings that name them (.vscode/settings.json). */
export const SCHEMA_DIR = '.vscode/schemas';

export function registerSchemaCommand(program: Command): void {
  program
    .command('schema')
    .description(
      `Write the JSON Schemas of every kind of content, the data files and site.config.yaml (from the zod schemas) to ${SCHEMA_DIR}/, for editors.`,
    )
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .addOption(new Option('--out <dir>', 'folder for the schemas, relative to --root (string)').default(SCHEMA_DIR))
    .action(async (options: { root: string; out: string }) => {
      const { schemaFiles } = await import('../editor/json-schemas.ts');
      const dir = resolve(projectFolder(options.root), options.out);
      await mkdir(dir, { recursive: true });
      for (const file of schemaFiles()) {
        await writeFile(join(dir, file.name), `${JSON.stringify(file.schema, null, 2)}\n`);
        process.stdout.write(`wrote ${join(options.out, file.name)}  (${file.files.join(', ')})\n`);
      }
    });
}
