import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseConfigOf, openDatabase } from './db/index.js';
import { buildApp } from './app.js';

async function start(config: Config): Promise<void> {
  const db = await openDatabase({
    ...databaseConfigOf(config),
    // Nothing can be served without it: exit, so that the supervisor starts the server again
    // (a restart recovers the database as after a kill; docs/durability.md).
    onDatabaseLost: (error) => {
      console.error(`database lost: ${error.message}`);
      process.exit(1);
    },
  });
  const { app } = await buildApp({ config, db });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // The database closes after the app: onClose hooks run newest first, and the background
      // deliveries' hook must still reach the database while it settles.
      app
        .close()
        .then(() => db.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
}

try {
  await start(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A bad setting stops the process with one line that names it, not a stack trace.
  console.error(error.message);
  process.exit(1);
}
