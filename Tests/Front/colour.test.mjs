import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog } from "./support.mjs";

const { luminance, resolveColour, systemColourTable, themeForPage } = await import(FRONT + "colour.js");
// No browser here: CSS names and functions, the browser's to read, are refused.
globalThis.CSS = { supports: () => false };
const table = systemColourTable(catalog);

test("the system colour table has every name and alias in lower case, light then dark", () => {
  assert.deepEqual(table.systemblue, ["007aff", "0a84ff"]);
  assert.deepEqual(table.accent, ["007aff", "0a84ff"]);
  assert.deepEqual(table.secondary, ["3c3c4399", "ebebf599"]);
  assert.equal(Object.keys(table).length, 8);
  assert.deepEqual(systemColourTable({}), {}, "a catalog without system colours has none");
});

test("luminance is WCAG's: black 0, white 1, the sRGB curve between", () => {
  assert.equal(luminance("000000"), 0);
  assert.equal(luminance("ffffff"), 1);
  assert.ok(Math.abs(luminance("808080") - 0.2158605) < 1e-6);
  assert.ok(Math.abs(luminance("ff0000") - 0.2126) < 1e-12);
});

test("a page wants the dark theme where white text contrasts more than black", () => {
  assert.equal(themeForPage("ffffff"), "light");
  assert.equal(themeForPage("000000"), "dark");
  assert.equal(themeForPage("757575"), "dark");
  assert.equal(themeForPage("767676"), "light");
});

test("hex colours in 3, 4, 6 or 8 digits, with or without #, any case", () => {
  assert.deepEqual(resolveColour("#F00", "light", table), { hex: "ff0000", alpha: 1 });
  assert.deepEqual(resolveColour("f008", "light", table), { hex: "ff0000", alpha: 0x88 / 255 });
  assert.deepEqual(resolveColour(" 00FF00 ", "light", table), { hex: "00ff00", alpha: 1 });
  assert.deepEqual(resolveColour("0000ff80", "light", table), { hex: "0000ff", alpha: 0x80 / 255 });
});

test("transparent and none are clear; system names follow the theme", () => {
  assert.deepEqual(resolveColour("transparent", "dark", table), { hex: "000000", alpha: 0 });
  assert.deepEqual(resolveColour("NONE", "light", table), { hex: "000000", alpha: 0 });
  assert.deepEqual(resolveColour("label", "light", table), { hex: "000000", alpha: 1 });
  assert.deepEqual(resolveColour("Label", "dark", table), { hex: "ffffff", alpha: 1 });
  assert.deepEqual(resolveColour("secondaryLabel", "dark", table), { hex: "ebebf5", alpha: 0x99 / 255 });
});

test("hostile values are no colour: empty, garbage, wrong digit counts, huge", () => {
  for (const value of [undefined, null, "", "   ", "#", "ff", "fffff", "fffffff", "fffffffff", "gggggg", "systemBlu", "x".repeat(1e6), "#".repeat(7)]) {
    assert.equal(resolveColour(value, "light", table), null, String(value).slice(0, 20));
  }
});
