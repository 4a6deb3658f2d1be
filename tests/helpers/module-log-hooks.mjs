import { appendFileSync } from 'node:fs';

/** Node's module hook (it runs on a thread of its own, which has the environment too). */
export async function load(url, context, next) {
  appendFileSync(process.env.MODULE_LOG, `${url}\n`);
  return next(url, context);
}
