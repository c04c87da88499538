import type { TestProject } from "vitest/node";
import { createDatabaseTemplates } from "#server/testing/database-templates.ts";

/** Migrates one SQLite and one PostgreSQL template for the run; each suite copies them. */
export default async function setup(project: TestProject) {
  const { templates, drop } = await createDatabaseTemplates(process.env.TEST_DATABASE_URL || undefined);
  project.provide("databaseTemplates", templates);
  return drop;
}
