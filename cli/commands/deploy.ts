import { type Command, Option } from 'commander';
import { resolve } from 'node:path';
import { formatProblems } from '../errors/format.ts';

export function registerDeployCommand(program: Command): void {
  program
    .command('deploy')
    .description(
      "Deploy the built site to Firebase Hosting + Functions (docs/deploy.md). First installs the functions' locked packages (offline from npm's cache when it can) and checks, " +
        'before anything is uploaded: the functions runtime, that the functions load as Firebase loads them, that no Hosting header rule covers a function path, and the secrets ' +
        '(SMTP_URL; DATABASE_URL when the site takes event registrations). --check stops there.',
    )
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .addOption(new Option('--out <dir>', 'build output folder, relative to --root (string)').default('dist'))
    .addOption(
      new Option('--project <id>', 'Firebase project id; a demo- id checks against the emulators (string)').default(
        undefined,
        'firebase.projectId of site.config.yaml',
      ),
    )
    .addOption(new Option('--check', 'check everything without deploying (boolean)').default(false))
    .action(async (options: { root: string; out: string; project: string | undefined; check: boolean }) => {
      const root = resolve(options.root);
      const { runDeploy } = await import('../deploy/run.ts');
      const outcome = await runDeploy({
        root,
        dist: resolve(root, options.out),
        project: options.project,
        check: options.check,
        say: (line) => process.stderr.write(`${line}\n`),
        warn: (problems) => process.stderr.write(formatProblems(problems)),
      });
      const next = outcome.project.startsWith('demo-')
        ? `ready for the emulators: cd ${options.out} && npx firebase emulators:start --project ${outcome.project}`
        : `ready to deploy to ${outcome.project}: npx site deploy${options.project ? ` --project ${options.project}` : ''}`;
      process.stdout.write(outcome.deployed ? `deployed to ${outcome.project}\n` : `${next}\n`);
    });
}
