import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog, playgroundState } from "./support.mjs";

const { comparedPair } = await import(FRONT + "compare.js");

const stateFor = (format, values = {}) => playgroundState("circular", format, values);

test("no pair where quality does not apply", () => {
  assert.equal(comparedPair(stateFor("svg")), null);
  assert.equal(comparedPair(stateFor("lottie")), null);
});

test("lossless settings are compared with quality 80; lossy ones with their lossless file", () => {
  assert.deepEqual(comparedPair(stateFor("gif", { fps: "20" })), {
    lossless: "/spinner/circular.gif?fps=20", lossy: "/spinner/circular.gif?fps=20&quality=80", quality: 80, chosenIsLossy: false });
  assert.deepEqual(comparedPair(stateFor("webp", { quality: "55" })), {
    lossless: "/spinner/circular.webp", lossy: "/spinner/circular.webp?quality=55", quality: 55, chosenIsLossy: true });
});
