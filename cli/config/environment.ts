import { problem, SiteError } from '../errors/site-error.ts';
import { hostPort, type SiteConfig } from '../../shared/config.ts';

/**
 * Environment variables that change what the build writes. They are read once, where the config
 * is loaded, and are part of the build's input digest (build-state.ts): a build with another
 * value is another site, never an "unchanged" one.
 *
 * SITE_AUTH_EMULATOR=host:port points the pages' Firebase Auth at an emulator instead of the real
 * project (tests, local development; docs/login.md). It is baked into the pages, so a build made
 * with it must never be deployed.
 */
export const BUILD_ENVIRONMENT = ['SITE_AUTH_EMULATOR'] as const;

export type BuildEnvironment = Partial<Record<(typeof BUILD_ENVIRONMENT)[number], string>>;

export function readBuildEnvironment(env: Record<string, string | undefined> = process.env): BuildEnvironment {
  const values: BuildEnvironment = {};
  for (const name of BUILD_ENVIRONMENT) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/** The config with the environment's overrides; a malformed value is a config error naming the variable. */
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
