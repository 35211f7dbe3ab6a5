// npm run db:move -- --to postgres://… [--from DIR]: copies the embedded PGlite database into an
// empty PostgreSQL database (docs/deploy.md "Moving from PGlite to PostgreSQL").
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { MoveError } from './errors.js';
import { moveDatabase } from './move.js';
import { messageOf } from '../error-message.js';
import { keepNewFilesPrivate } from '../private-files.js';

const USAGE = 'usage: db:move --to postgres://USER@HOST/DATABASE [--from DATA_DIR]';

function readOptions(): { from: string; to: string } {
  let values: { to?: string | undefined; from?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new MoveError(`${messageOf(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.to) throw new MoveError(`--to is required\n${USAGE}`);
  if (!/^postgres(ql)?:\/\//.test(values.to)) {
    throw new MoveError(`--to must be a postgres:// URL\n${USAGE}`);
  }
  // The DATA_DIR the server would use, unless told otherwise.
  const from = values.from ?? loadConfig().DATA_DIR;
  return { from, to: values.to };
}

// The copy of DATA_DIR it works on holds the same secrets: its user's alone.
keepNewFilesPrivate();
try {
  const { from, to } = readOptions();
  console.log(`moving ${from} to PostgreSQL`);
  const result = await moveDatabase({ from, to, log: (line) => console.log(line) });
  console.log('\nverified (rows and checksum per table):');
  const width = Math.max(...result.tables.map((moved) => moved.table.length));
  for (const moved of result.tables) {
    console.log(
      `  ${moved.table.padEnd(width)} ${String(moved.rows).padStart(8)} rows  checksum OK`,
    );
  }
  for (const sequence of result.sequences) {
    console.log(`  sequence ${sequence.name} set to ${sequence.value}`);
  }
  const total = result.tables.reduce((sum, moved) => sum + moved.rows, 0);
  console.log(`\ndone: ${total} rows in ${result.tables.length} tables; ${from} is unchanged`);
} catch (error) {
  if (error instanceof MoveError || error instanceof ConfigError) {
    console.error(`db:move: ${error.message}`);
  } else {
    console.error(`db:move failed, nothing was committed: ${messageOf(error)}`);
  }
  process.exitCode = 1;
}
