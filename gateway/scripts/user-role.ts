/**
 * Operator command: grants or withdraws the moderator role.
 *   npm run user:role -- NAME moderator   (or `user` to withdraw it)
 * Runs on DATABASE_URL, or on the embedded database of DATA_DIR (the gateway must then be stopped: one process
 * at a time opens it).
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createDataSource } from '../src/db/data-source';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { setUserRole } from '../src/modules/users/user-role';

async function main(): Promise<number> {
  const [username, role] = process.argv.slice(2);
  if (!username || !role) {
    console.error('Usage : npm run user:role -- NOM_UTILISATEUR moderator|user');
    return 2;
  }
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(path.join(config.dataDir, 'db'));
  const db = createDataSource({ url: config.databaseUrl ?? embedded!.url, poolSize: 1 });
  await db.initialize();
  try {
    const result = await setUserRole(db, username, role);
    if (!result.ok) {
      console.error(result.error);
      return 1;
    }
    console.log(`${result.user.username} (id ${result.user.id}) : rôle ${result.user.role}`);
    return 0;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
