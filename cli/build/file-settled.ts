/**
 * Whether a file's size and times may stand for its bytes in a later process: only once its last
 * change is older than a file system's clock step (2 s on FAT), or a second write in the same step
 * could leave size, times and inode as they were. A file changed more recently is hashed again at
 * every build until it is older.
 */
export const CLOCK_STEP_MS = 2_000;

export const settled = (changedMs: number, now: number): boolean => changedMs < now - CLOCK_STEP_MS;
