import type { ServerLimits } from '../../../cli/serve/limits.ts';
import { startServer, type RunningServer } from '../../../cli/serve/server.ts';
import type { Mailer } from '../../../functions/mail/mailer.ts';
import { writeFixtureDist, type FixtureDist } from './fixture-dist.ts';

export interface TestServer extends RunningServer {
  dist: FixtureDist;
  logs: string[];
  /** Stops the server and deletes its fixture. */
  stop(): Promise<void>;
}

/** `site serve` on a free loopback port over a fresh fixture dist, logging into `logs`. */
export async function startFixtureServer(
  options: {
    env?: Record<string, string | undefined>;
    files?: Record<string, string | null>;
    mailer?: Mailer;
    root?: string;
    /** Where the dist folder is made (default the system's temp folder). */
    parent?: string;
    limits?: Partial<ServerLimits>;
  } = {},
): Promise<TestServer> {
  const dist = await writeFixtureDist(options.files, options.parent);
  const logs: string[] = [];
  const server = await startServer({
    dist: dist.dir,
    port: 0,
    host: '127.0.0.1',
    env: { SITE_OUTBOX: `${dist.dir}/outbox`, ...options.env },
    root: options.root ?? dist.dir,
    log: (line) => logs.push(line),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return {
    ...server,
    dist,
    logs,
    async stop() {
      await server.close(1000);
      await dist.remove();
    },
  };
}
