import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * A vitest reporter: seconds from each test file's start to its end, imports and hooks included,
 * written to .site/module-durations.json for scripts/test-durations.mjs. The JSON report's times
 * count a file's tests only: the deploy suite, whose beforeAll builds the site and starts the
 * Firebase emulators for over a minute, looked 9 s long, so LongestFirst started it last and its
 * minute ran alone at the end of CI.
 */
export default class ModuleDurations implements Reporter {
  private root = '';
  private readonly seconds: Record<string, number> = {};

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule): void {
    const time = module.diagnostic();
    const ms =
      time.environmentSetupDuration + time.prepareDuration + time.collectDuration + time.setupDuration + time.duration;
    this.seconds[relative(this.root, module.moduleId)] = Math.round(ms / 100) / 10;
  }

  onTestRunEnd(): void {
    const file = join(this.root, '.site', 'module-durations.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.seconds, null, 1)}\n`);
  }
}
