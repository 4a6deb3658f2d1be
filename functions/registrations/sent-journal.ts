import { appendFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * A note on disk of every queued mail SMTP accepted, written the moment it did, beside the
 * embedded database's folder (`<folder>.mail-sent`). The embedded database runs one statement
 * at a time, so in a burst the "sent" mark of a mail waits behind every sign-up in line; a
 * process killed then would send all those mails again at its next start. The note closes that
 * gap: it is read at the next start, and what it names is marked sent before anything is resent.
 * (PostgreSQL needs none: there the mark goes out at once on a connection of its own.)
 */
export class SentJournal {
  constructor(private readonly file: string) {}

  /** Synchronous on purpose: nothing may come between SMTP's "accepted" and this line. */
  note(id: number): void {
    appendFileSync(this.file, `${id}\n`);
  }

  /** The ids noted by earlier processes (the file may end in half a line: a kill mid-write). */
  async read(): Promise<number[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? '' : Promise.reject(error),
    );
    // Only whole lines: a last one without its newline may be a longer id cut short.
    return text
      .split('\n')
      .slice(0, -1)
      .filter((line) => /^\d+$/.test(line))
      .map(Number);
  }

  /** Emptied once what it named is marked in the database. */
  async clear(): Promise<void> {
    await writeFile(this.file, '');
  }
}
