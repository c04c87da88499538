import { describe, expect, it } from "vitest";
import { actorLabel, actorLabelText } from "./actor.ts";

describe("who acted, as the back office says it", () => {
  it("names a member of staff by address and role, the buyer, the shop and what acted for it", () => {
    const packer = {
      kind: "user",
      userId: "u1",
      email: "ravi@kesar.in",
      name: "Ravi",
      role: "packer",
      guestId: null,
    } as const;
    expect(actorLabelText(actorLabel(packer))).toBe("ravi@kesar.in (Packer)");
    expect(actorLabelText("buyer")).toBe("the buyer");
    expect(actorLabelText(actorLabel({ kind: "system" }))).toBe("the shop");
    expect(actorLabelText(actorLabel({ kind: "system", via: "courier" }))).toBe("the shop (courier)");
  });
});
