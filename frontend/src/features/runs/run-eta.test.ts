import { describe, expect, it } from "vitest";

import { runEtaSeconds } from "./run-eta";

const started = "2026-11-22T10:00:00Z";
const at = (seconds: number) => Date.parse(started) + seconds * 1000;

describe("runEtaSeconds", () => {
  it("extrapolates the pace of finished cells", () => {
    const run = { status: "running", started_at: started, progress: { done: 10, total: 40 } };
    expect(runEtaSeconds(run, at(20))).toBeCloseTo(60);
  });

  it("cannot tell before the first cell finishes or before the run starts", () => {
    expect(runEtaSeconds({ status: "running", started_at: started, progress: { done: 0, total: 5 } }, at(9))).toBeNull();
    expect(runEtaSeconds({ status: "queued", started_at: null, progress: { done: 0, total: 5 } }, at(9))).toBeNull();
  });

  it("has nothing to say about a finished run", () => {
    const run = { status: "succeeded", started_at: started, progress: { done: 5, total: 5 } };
    expect(runEtaSeconds(run, at(9))).toBeNull();
  });
});
