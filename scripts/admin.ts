/**
 * `npm run admin -- <email>`: makes an existing account an Owner of the shop (every permission).
 * `npm run admin -- <email> --new-password`: also gives it a new, generated password (printed once).
 */
import { issueNewPassword, promoteToOwner } from "#server/accounts/accounts.service.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { AppError } from "#server/errors.ts";

const [email, flag] = process.argv.slice(2);
if (!email || (flag && flag !== "--new-password")) {
  console.error("Usage: npm run admin -- <email> [--new-password]");
  process.exit(2);
}

const config = loadConfig();
const handle = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  const user = await promoteToOwner(handle.db, email);
  console.log(`${user.email} is now an Owner of the shop.`);
  if (flag === "--new-password") {
    const password = await issueNewPassword(handle.db, user.id);
    console.log(`New password (shown only now): ${password}`);
  }
} catch (error) {
  console.error(error instanceof AppError ? error.userMessage : error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
