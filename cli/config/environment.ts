import { problem, SiteError } from '../errors/site-error.ts';
import { hostPort, type SiteConfig } from '../../shared/config.ts';
import type { BuildEnvironment } from './build-environment.ts';

/**
 * The config with the environment's overrides (./build-environment.ts, apart: the build's digest
 * reads the variables without loading the config's schema); a malformed value is a config error naming the variable. */
export function applyBuildEnvironment(config: SiteConfig, env: BuildEnvironment): SiteConfig {
  const emulator = env.SITE_AUTH_EMULATOR;
  if (emulator === undefined) return config;
  if (!hostPort.test(emulator)) {
    throw new SiteError([
      problem('CONFIG_INVALID', {
        field: 'SITE_AUTH_EMULATOR',
        problem: `expected host:port like 127.0.0.1:9099, received "${emulator}"`,
      }),
    ]);
  }
  return { ...config, firebase: { ...config.firebase, emulator } };
}
