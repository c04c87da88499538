import type { z } from "zod";
import type { Actor } from "#core/actor.ts";
import type { Permission } from "#core/permissions.ts";
import { assertCan } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { parseInput } from "./fields.ts";

/**
 * A staff screen that asks for more than its service needs (the order screen's shipping asks the
 * day expected; a courier's news need not): the member's permission is checked, then the screen's
 * stricter schema, then the service runs as any other caller's would.
 */
export function screenAsking<Input, Result>(
  permission: Permission,
  stricter: z.ZodType,
  service: (db: Db, actor: Actor, input: Input, now?: number) => Promise<Result>,
): (db: Db, actor: Actor, input: Input, now?: number) => Promise<Result> {
  return async (db, actor, input, now = Date.now()) => {
    assertCan(actor, permission);
    parseInput(stricter, input);
    return service(db, actor, input, now);
  };
}
