import type { ColumnDataType, ColumnDefinitionBuilder } from "kysely";
import type { Engine } from "./database.ts";

type ColumnArgs = [ColumnDataType, (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/** An integer primary key the database numbers itself: `serial` on PostgreSQL, rowid alias on SQLite. */
export function autoIncrementId(engine: Engine): ColumnArgs {
  return engine === "postgres"
    ? ["serial", (column) => column.primaryKey()]
    : ["integer", (column) => column.primaryKey().autoIncrement()];
}

/** Epoch milliseconds: bigint on both engines (SQLite stores it as an integer). */
export const epochMillis: ColumnDataType = "bigint";
