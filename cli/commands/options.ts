import { InvalidArgumentError } from 'commander';

/** `--port`'s parser (site dev, site serve): a whole number from 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return number;
}
