import { describe, expect, it } from "vitest";
import { changeOf } from "../src/screens/posts/suggestion-quality";

// How a suggestion's score (or readability) moved from the post's: the words the panel says it in
// are chosen by the direction, the number is always positive.
describe("the change from before to after", () => {
  it("goes up, down or stays, by a positive amount", () => {
    expect(changeOf(42, 71)).toEqual({ direction: "up", by: 29 });
    expect(changeOf(71, 42)).toEqual({ direction: "down", by: 29 });
    expect(changeOf(55, 55)).toEqual({ direction: "same", by: 0 });
  });

  it("calls a difference below a tenth no change (readability arrives with one decimal)", () => {
    expect(changeOf(63.1, 63.12)).toEqual({ direction: "same", by: 0 });
    expect(changeOf(63.1, 63.2).direction).toBe("up");
  });

  it("calls a move smaller than the noise no change, and a move of the noise or more a change", () => {
    expect(changeOf(88.1, 88.3, 1)).toEqual({ direction: "same", by: 0 });
    expect(changeOf(88.1, 87.1, 1)).toEqual({ direction: "down", by: expect.closeTo(1, 5) });
  });
});
