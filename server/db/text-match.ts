import { type Expression, type SqlBool, sql } from "kysely";

/** `%text%` for LIKE, lowercased, with the user's own % and _ taken literally. */
export function containsLikePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `lower(column) LIKE pattern`, the same on SQLite and PostgreSQL; no condition without a pattern. */
export function columnContains(column: string, pattern: string | undefined): Expression<SqlBool> | null {
  return pattern ? sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'` : null;
}
