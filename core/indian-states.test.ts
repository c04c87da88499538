import { describe, expect, it } from "vitest";
import { INDIAN_STATES, pincodeFitsState, stateByCode } from "./indian-states.ts";

describe("Indian states and union territories", () => {
  it("lists all 28 states and 8 union territories once, with two-digit GST codes", () => {
    expect(INDIAN_STATES.filter((s) => s.kind === "state")).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === "union territory")).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
    for (const state of INDIAN_STATES) expect(state.code).toMatch(/^(0[1-9]|[1-3]\d)$/);
    expect(stateByCode("27")?.name).toBe("Maharashtra");
    expect(stateByCode("19")?.name).toBe("West Bengal");
    expect(stateByCode("28")).toBeUndefined();
    expect(stateByCode("25")).toBeUndefined();
  });

  it("accepts pincodes that lie in the chosen state, including shared postal circles", () => {
    const fits: [string, string][] = [
      ["400050", "27"],
      ["700001", "19"],
      ["110001", "07"],
      ["560001", "29"],
      ["403001", "30"],
      ["682555", "31"],
      ["744101", "35"],
      ["160062", "03"],
      ["160017", "04"],
      ["194101", "38"],
      ["190001", "01"],
      ["396230", "26"],
      ["605001", "34"],
      ["737101", "11"],
      ["248001", "05"],
      ["500001", "36"],
      ["520001", "37"],
    ];
    for (const [pincode, code] of fits) expect(pincodeFitsState(pincode, code), `${pincode} in ${code}`).toBe(true);
  });

  it("refuses a pincode that cannot be in the chosen state, and malformed ones", () => {
    const misfits: [string, string][] = [
      ["400001", "19"],
      ["700001", "27"],
      ["110001", "09"],
      ["560001", "33"],
      ["000000", "27"],
      ["40005", "27"],
      ["400050", "99"],
    ];
    for (const [pincode, code] of misfits) expect(pincodeFitsState(pincode, code), `${pincode} in ${code}`).toBe(false);
  });
});
