import { describe, expect, it } from "vitest";
import { pageFrom } from "./page-param";

describe("pageFrom", () => {
  it("reads a whole page number from 1, and takes anything else as page 1", () => {
    expect(pageFrom("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "1.5", "two"]) expect(pageFrom(value)).toBe(1);
  });
});
