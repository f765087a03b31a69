import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog } from "./support.mjs";

const { ENOUGH, bestContrast, fixFor, peakFor, ratioOf } = await import(FRONT + "contrast.js");
const { luminance } = await import(FRONT + "colour.js");
const { PlaygroundState } = await import(FRONT + "state.js");

const pixels = (...colours) => Uint8ClampedArray.from(colours.flatMap((hex) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255)));

test("WCAG's ratio: 21 for black on white, 1 for a colour on itself, in either order", () => {
  assert.equal(ratioOf(1, 0), 21);
  assert.equal(ratioOf(0, 1), 21);
  assert.equal(ratioOf(0.3, 0.3), 1);
});

test("the best contrast is the 4th highest of any pixel, so a stray pixel does not count; 1 when nothing shows", () => {
  assert.equal(bestContrast(pixels("ffffff", "ffffff", "ffffff", "ffffff", "ffffff", "000000"), "ffffff"), 1);
  assert.equal(bestContrast(pixels("000000", "000000", "000000", "000000"), "ffffff"), 21);
  assert.equal(bestContrast(new Uint8ClampedArray(0), "ffffff"), 1);
  assert.equal(bestContrast(new Uint8ClampedArray(4 * 250000), "000000"), 1, "a large all-black picture on black");
});

test("the least peak that shows a colour reaches ENOUGH, and a step less does not", () => {
  const peak = peakFor("000000", "ffffff");
  assert.ok(peak > 0 && peak <= 1);
  const mix = (p) => Math.round(255 * (1 - p)).toString(16).padStart(2, "0").repeat(3);
  assert.ok(ratioOf(luminance(mix(peak)), 1) >= ENOUGH);
  assert.ok(ratioOf(luminance(mix(peak - 0.05)), 1) < ENOUGH);
  assert.equal(peakFor("ffffff", "ffffff"), null, "no peak shows white on white");
});

test("the fix raises capsules' peak, else asks for label, else there is none", () => {
  const state = new PlaygroundState(catalog, () => false);
  state.selectKind("capsules", {});
  assert.equal(fixFor(state, state.settings()).name, "peak");
  assert.equal(fixFor(state, { ...state.settings(), peak: "1" }), null, "label at full peak: nothing to fix");
  state.selectKind("circular", {});
  globalThis.CSS = { supports: () => false };
  assert.deepEqual(fixFor(state, { color: "eeeeee" }), { name: "color", value: "label", label: "Use color=label (black here)" });
});
