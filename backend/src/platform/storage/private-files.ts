import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

/** Everything under DATA_DIR is this process's alone: password hashes, personal data, mail. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/**
 * New files and folders private by default (umask 077), whatever created them: the database and
 * its -wal/-shm, uploads, mail. Called once at start-up, before anything is written.
 */
export function privateByDefault(): void {
  process.umask(0o077);
}

/**
 * Tightens what already exists under `root` (a DATA_DIR written by an older version or copied
 * with other modes): files 0600, folders 0700. Symbolic links are left alone, never followed.
 * Returns how many entries it changed.
 */
export async function makeTreePrivate(root: string): Promise<number> {
  let changed = 0;
  const visit = async (p: string): Promise<void> => {
    const s = await fsp.lstat(p).catch(() => null);
    if (!s || s.isSymbolicLink()) return;
    const want = s.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((s.mode & 0o777) !== want) {
      await fsp.chmod(p, want).catch(() => undefined);
      changed += 1;
    }
    if (s.isDirectory()) {
      for (const name of await fsp.readdir(p).catch(() => [] as string[])) await visit(path.join(p, name));
    }
  };
  await visit(root);
  return changed;
}
