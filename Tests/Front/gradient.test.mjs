import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { MAXIMUM_LENGTH, MAXIMUM_STOPS, PRESETS, cssPaint, isGradient, parseGradient, writeGradient } = await import(FRONT + "gradient.js");

// The colours these tests write: hex, a few CSS names and system names (the page asks colour.js).
const NAMES = new Set(["red", "blue", "white", "yellow", "lime", "aqua", "magenta", "transparent", "none", "systempurple", "systemred", "systemblue", "systemteal"]);
const isColour = (word) => NAMES.has(word.toLowerCase()) || /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(word);
const read = (text) => parseGradient(text, isColour);
const roundTrip = (text) => { const model = read(text); return model && writeGradient(model); };

test("a linear gradient's direction: sides, corners, each unit, turned into one turn to a hundredth", () => {
  assert.equal(roundTrip("linear-gradient(to right, red, blue)"), "linear-gradient(90deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(to top left, red, blue)"), "linear-gradient(315deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(to left top, red, blue)"), "linear-gradient(315deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(to bottom, red, blue)"), "linear-gradient(red,blue)");
  assert.equal(roundTrip("LINEAR-GRADIENT(0.25TURN, Red, Blue)"), "linear-gradient(90deg,Red,Blue)");
  assert.equal(roundTrip("linear-gradient(100grad, red, blue)"), "linear-gradient(90deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(-25grad, red, blue)"), "linear-gradient(337.5deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(1.5rad, red, blue)"), "linear-gradient(85.94deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(0, red, blue)"), "linear-gradient(0deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(-720deg, red, blue)"), "linear-gradient(0deg,red,blue)");
});

test("conic gradients keep their start; radial ones are held only from the centre at the default size", () => {
  assert.equal(roundTrip("conic-gradient(from 90deg, red, blue)"), "conic-gradient(from 90deg,red,blue)");
  assert.equal(roundTrip("conic-gradient(from 90deg at center, red, blue)"), "conic-gradient(from 90deg,red,blue)");
  assert.equal(roundTrip("conic-gradient(at 50% 50%, red, blue)"), "conic-gradient(red,blue)");
  assert.equal(read("conic-gradient(at 30% 70%, red, blue)"), null);
  assert.equal(read("conic-gradient(from, red, blue)"), null);
  assert.equal(roundTrip("radial-gradient(circle, red, blue)"), "radial-gradient(red,blue)");
  assert.equal(roundTrip("radial-gradient(ellipse closest-corner at center center, red, blue)"), "radial-gradient(red,blue)");
  for (const held of ["circle at 30% 70%", "farthest-side", "40% 60%", "circle 20px", "at left"]) {
    assert.equal(read(`radial-gradient(${held}, red, blue)`), null, held);
  }
});

test("stops are placed by CSS's fix-up: ends at 0 % and 100 %, none before the one ahead, runs spread evenly", () => {
  assert.deepEqual(read("linear-gradient(red, white 150%, blue)").stops.map((stop) => stop.position), [0, 150, 150]);
  assert.deepEqual(read("linear-gradient(red, white -50%, blue)").stops.map((stop) => stop.position), [0, 0, 100]);
  assert.deepEqual(read("linear-gradient(red 10%, white, lime, blue 40%)").stops.map((stop) => stop.position), [10, 20, 30, 40]);
  assert.deepEqual(read("linear-gradient(red, white, blue, lime)").stops.map((stop) => stop.position), [0, 33.33, 66.67, 100]);
});

test("a stop with two positions is two stops; conic positions may be angles", () => {
  assert.deepEqual(read("linear-gradient(red 10% 20%, blue)").stops, [
    { colour: "red", position: 10 }, { colour: "red", position: 20 }, { colour: "blue", position: 100 }]);
  assert.equal(roundTrip("conic-gradient(red 90deg, blue 0.5turn)"), "conic-gradient(red 25%,blue 50%)");
  assert.equal(read("linear-gradient(red 90deg, blue)"), null, "an angle is no position of a linear gradient");
});

test("written back, positions appear only when some stop is not where even spreading puts it, to a hundredth", () => {
  assert.equal(writeGradient({ kind: "linear", angle: 180, stops: [{ colour: "red", position: 0 }, { colour: "#00F", position: 100 }] }), "linear-gradient(red,00F)");
  const thirds = (middle) => writeGradient({ kind: "linear", angle: 90, stops: [{ colour: "a", position: 0 }, { colour: "b", position: middle }, { colour: "c", position: 66.67 }, { colour: "d", position: 100 }] });
  assert.equal(thirds(33.33), "linear-gradient(90deg,a,b,c,d)");
  assert.equal(thirds(33.34), "linear-gradient(90deg,a 0%,b 33.34%,c 66.67%,d 100%)");
  assert.equal(writeGradient({ kind: "conic", angle: 0, stops: [{ colour: "a", position: 100 }, { colour: "b", position: -0.05 }] }), "conic-gradient(b -0.05%,a 100%)");
  assert.equal(writeGradient({ kind: "conic", angle: 450.5, stops: [{ colour: "a", position: 0 }, { colour: "b", position: 100 }] }), "conic-gradient(from 90.5deg,a,b)");
});

test("every preset reads and writes back as the same gradient", () => {
  for (const preset of PRESETS) {
    const model = read(preset.value);
    assert.notEqual(model, null, preset.name);
    assert.deepEqual(read(writeGradient(model)), model, preset.name);
  }
});

test("hostile text: garbage, unbalanced or nested parentheses, empty parts, hints, other functions", () => {
  for (const text of [undefined, null, "", "red", "(", ")", "()", "linear-gradient", "linear-gradient(", "linear-gradient(red,blue",
    "linear-gradient(red,blue))", "linear-gradient((red,blue)", "linear-gradient(red,(blue)", "linear-gradient(red,rgb(rgb(1,2,3)),blue)",
    "linear-gradient(red,,blue)", "linear-gradient(,red,blue)", "linear-gradient(red,blue,)", "linear-gradient(   )", "linear-gradient (red,blue)",
    " linear-gradient(red,blue)", "linear-gradient(red,blue) ", "repeating-linear-gradient(red,blue)", "liner-gradient(red,blue)",
    "__proto__(red,blue)", "constructor(red,blue)", "toString(red,blue)", "linear-gradient(red, 50%, blue)", "linear-gradient(linear-gradient(red,blue),red)",
    "linear-gradient(red 1% 2% 3%, blue)", "linear-gradient(red 20px, blue)", "linear-gradient(red 1001%, blue)", "linear-gradient(to, red, blue)",
    "linear-gradient(to top top, red, blue)", "linear-gradient(to north, red, blue)", "linear-gradient(red\u0000,blue)", "linear-gradient(red,\tblue)",
    "linear-gradient(rouge,bleu)", "linear-gradient(red,blue)\n", "linear-gradient(rébus,blue)"]) {
    assert.equal(read(text), null, JSON.stringify(text));
  }
});

test("hostile numbers: NaN, infinite and overlong angles and positions are no angles nor positions", () => {
  for (const angle of ["NaNdeg", "Infinitydeg", "1e400deg", "1e7deg", "0x10deg", "1_0deg", "--1deg", "1e", "deg", ".deg", "1.2.3deg", "1234567890123456789012345deg"]) {
    assert.equal(read(`linear-gradient(${angle}, red, blue)`), null, angle);
    assert.equal(read(`conic-gradient(from ${angle}, red, blue)`), null, angle);
  }
  assert.equal(read("conic-gradient(red 3601deg, blue)"), null, "past ±1 000 % of a turn");
  assert.equal(roundTrip("linear-gradient(1e6deg, red, blue)"), "linear-gradient(280deg,red,blue)");
  assert.equal(roundTrip("linear-gradient(-1000%, red, blue)"), null);
  assert.equal(roundTrip("linear-gradient(red -1000%, blue 1000%)"), "linear-gradient(red -1000%,blue 1000%)");
});

test(`at most ${MAXIMUM_STOPS} stops, a stop with two positions counting twice`, () => {
  const stops = (count) => `linear-gradient(${Array(count).fill("red").join(",")})`;
  assert.equal(read(stops(MAXIMUM_STOPS)).stops.length, MAXIMUM_STOPS);
  assert.equal(read(stops(MAXIMUM_STOPS + 1)), null);
  assert.equal(read(`linear-gradient(${Array(MAXIMUM_STOPS / 2 + 1).fill("red 0 1%").join(",")})`), null);
  assert.equal(read(stops(10000)), null);
  assert.equal(read("linear-gradient(red)"), null, "one stop is too few");
  assert.notEqual(read("linear-gradient(red 0 1%)"), null, "one stop with two positions is two");
});

test(`at most ${MAXIMUM_LENGTH} bytes, however the rest reads`, () => {
  const padded = (length) => "linear-gradient(red," + " ".repeat(length - 25) + "blue)";
  assert.equal(padded(MAXIMUM_LENGTH).length, MAXIMUM_LENGTH);
  assert.notEqual(read(padded(MAXIMUM_LENGTH)), null);
  assert.equal(read(padded(MAXIMUM_LENGTH + 1)), null);
  assert.equal(read("linear-gradient(" + "(".repeat(1e6) + ")".repeat(1e6) + ")"), null);
});

test("a colour the caller does not take refuses the gradient; colours are kept as written", () => {
  assert.equal(parseGradient("linear-gradient(red, blue)", () => false), null);
  assert.equal(read("linear-gradient(red, bleu)"), null);
  assert.deepEqual(read("linear-gradient(#F00, SystemBlue)").stops.map((stop) => stop.colour), ["#F00", "SystemBlue"]);
});

test("isGradient is the service's test: a name ending in gradient touching its parenthesis", () => {
  for (const text of ["linear-gradient(red,blue)", "LINEAR-GRADIENT(", "liner-gradient(x)", "gradient()", "  conic-gradient(x"]) assert.equal(isGradient(text), true, text);
  for (const text of ["red", "rgb(1,2,3)", "gradient (red)", "linear-gradient", "", null, undefined, "gradients(x)"]) assert.equal(isGradient(text), false, String(text));
});

test("cssPaint draws a gradient's colours resolved in the theme, a colour as rgba, and nothing for what it cannot read", () => {
  const table = { systemblue: ["007aff", "0a84ff"] };
  // No browser here: CSS names and functions (the browser's to read) are none.
  globalThis.CSS = { supports: () => false };
  assert.equal(cssPaint("linear-gradient(90deg,ff000080,systemBlue 40%)", "dark", table), "linear-gradient(90deg, rgba(255, 0, 0, 0.5019607843137255), rgba(10, 132, 255, 1) 40%)");
  assert.equal(cssPaint("#0f0", "light", table), "rgba(0, 255, 0, 1)");
  assert.equal(cssPaint("linear-gradient(red,(blue)", "light", table), null);
  assert.equal(cssPaint("", "light", table), null);
});
