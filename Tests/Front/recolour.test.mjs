import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { recolourGroups, solidPaints, themed } = await import(FRONT + "recolour.js");

const fill = (nm, c) => ({ ty: "fl", nm, c });
const stroke = (nm, c) => ({ ty: "st", nm, c });
const group = (nm, it) => ({ ty: "gr", nm, it });

test("solid paints: fills and strokes in groups, slots read through, gradients and odd colours skipped", () => {
  const document = {
    slots: { puck: { p: { k: [1, 0, 0, 1] } } },
    layers: [{ nm: "Spinner", ty: 4, shapes: [
      group("Puck", [stroke("Stroke", { sid: "puck", k: [0, 0, 0, 1] }), { ty: "gs", nm: "Gradient" }]),
      group("Track", [fill("Fill", { k: [0, 0.5, 2, 1] }), fill("Odd", { k: ["1", 0, 0] }), fill("Short", { k: [1, 1] })]),
    ] }],
  };
  assert.deepEqual(solidPaints(document), [
    { keypath: "Spinner.Puck.Stroke", kind: "stroke", slot: "puck", hex: "ff0000" },
    { keypath: "Spinner.Track.Fill", kind: "fill", slot: "", hex: "0080ff" },
  ]);
  assert.deepEqual(solidPaints({}), []);
});

test("precompositions are followed, and one that holds itself stops after eight levels", () => {
  const document = {
    assets: [{ id: "loop", layers: [{ nm: "Again", ty: 0, refId: "loop", shapes: [fill("Fill", { k: [0, 0, 0] })] }] }],
    layers: [{ nm: "Spinner", ty: 0, refId: "loop" }],
  };
  const paints = solidPaints(document);
  assert.equal(paints.length, 8);
  assert.equal(paints[0].keypath, "Spinner" + ".Again".repeat(8) + ".Fill", "the deepest first");
  assert.equal(paints.at(-1).keypath, "Spinner.Again.Fill");
});

test("one group at the top when every paint has the same colours, else one per parent", () => {
  const light = [{ keypath: "Spinner.Puck.Stroke", kind: "stroke", slot: "puck", hex: "000000" },
                 { keypath: "Spinner.Track.Fill", kind: "fill", slot: "", hex: "000000" }];
  const same = [{ keypath: "Spinner.Puck.Stroke", hex: "ffffff" }, { keypath: "Spinner.Track.Fill", hex: "ffffff" }];
  assert.deepEqual(recolourGroups(light, same), [{ keypath: "Spinner", fill: true, stroke: true, slots: ["puck"], light: "000000", dark: "ffffff" }]);
  assert.deepEqual(recolourGroups(light, [{ keypath: "Spinner.Puck.Stroke", hex: "ff0000" }]), [
    { keypath: "Spinner.Puck", fill: false, stroke: true, slots: ["puck"], light: "000000", dark: "ff0000" },
    { keypath: "Spinner.Track", fill: true, stroke: false, slots: [], light: "000000", dark: "000000" },
  ]);
  assert.deepEqual(recolourGroups([], []), []);
});

test("a document URL in a theme sets theme and keeps the rest", () => {
  assert.equal(themed("https://x.test/spinner/arc.json?size=40&theme=light", "dark"), "https://x.test/spinner/arc.json?size=40&theme=dark");
  assert.equal(themed("https://x.test/spinner/arc.json", "light"), "https://x.test/spinner/arc.json?theme=light");
});
