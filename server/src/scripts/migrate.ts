/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
import { parseEnv } from '../config/env';
import { openConfiguredDatabase } from '../db/open';

const env = parseEnv();
const database = await openConfiguredDatabase(env);
await database.migrate();
console.log(`migrations applied (${database.kind})`);
await database.close();
