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
