import { ConfigError } from '../config.js';
import { BackupFileError } from './archive.js';
import { messageOf } from '../error-message.js';
import { keepNewFilesPrivate } from '../private-files.js';

/**
 * Runs a backup command: what it writes is its user's alone, and every failure ends the process
 * with one line and exit 1 (a refusal with exit 2), never a stack trace, unless COUPLE_DEBUG is set.
 */
export async function runCli(main: () => Promise<void>): Promise<void> {
  keepNewFilesPrivate();
  try {
    await main();
    process.exit(0);
  } catch (error) {
    if (process.env.COUPLE_DEBUG) console.error(error);
    const message = messageOf(error);
    console.error(error instanceof ConfigError ? message : `error: ${message}`);
    process.exit(error instanceof RefusedError || error instanceof BackupFileError ? 2 : 1);
  }
}

/** The command will not run in this situation; nothing was changed. */
export class RefusedError extends Error {}
