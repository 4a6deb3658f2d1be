import { type Command, Option } from 'commander';
import { resolve } from 'node:path';
import { formatProblemLine, formatProblems } from '../errors/format.ts';

export function registerCheckCommand(program: Command): void {
  program
    .command('check')
    .description(
      'Check every link of the built site: pages, anchors, images and srcset candidates, sitemap URLs, redirect targets, and island scripts with every module they import. ' +
        'Builds first when the output is missing or stale; serves it on loopback; exits 1 on any broken link. ' +
        'With --content: only checks site.config.yaml and content/ as site dev does (no build), one line per problem, for editors.',
    )
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .addOption(new Option('--out <dir>', 'build output folder, relative to --root (string)').default('dist'))
    .addOption(new Option('--external', 'also check links to other sites; needs a network (boolean)').default(false))
    .addOption(new Option('--json', 'print the report as JSON (boolean)').default(false))
    .addOption(
      new Option(
        '--content',
        'only check site.config.yaml and content/ (no build, no links); print each problem as file:line:column: severity CODE message (boolean)',
      )
        .default(false)
        .conflicts(['external', 'json']),
    )
    .action(async (options: { root: string; out: string; external: boolean; json: boolean; content: boolean }) => {
      const root = resolve(options.root);
      if (options.content) {
        const { contentProblems } = await import('../check/content.ts');
        const problems = await contentProblems(root);
        process.stdout.write(problems.map((p) => `${formatProblemLine(p)}\n`).join(''));
        if (!problems.length) process.stderr.write('no problems in site.config.yaml and content/\n');
        if (problems.some((p) => p.severity === 'error')) process.exitCode = 1;
        return;
      }
      const out = resolve(root, options.out);
      // Build notes go to stderr so that --json output stays one JSON document.
      const [{ checkLinks, ensureBuild }, { formatReport, jsonReport }] = await Promise.all([
        import('../check/run.ts'),
        import('../check/report.ts'),
      ]);
      const build = await ensureBuild(root, out, {
        onWarnings: (warnings) => process.stderr.write(formatProblems(warnings)),
      });
      process.stderr.write(
        build.unchanged ? `${options.out} is up to date\n` : `built ${build.pages} pages into ${options.out}\n`,
      );
      const report = await checkLinks({ dist: out, root, external: options.external });
      process.stdout.write(options.json ? jsonReport(report) : formatReport(report));
      if (report.broken.length) process.exitCode = 1;
    });
}
