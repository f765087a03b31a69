import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog } from "./support.mjs";

const { SENTINEL, inlineApplies, inlineMarkup, inlineSettings, prefixOf } = await import(FRONT + "inline.js");
const { PlaygroundState } = await import(FRONT + "state.js");

test("a prefix is sp and six base-36 digits, the same for the same URL and different for another", () => {
  assert.match(prefixOf("/spinner/circular.svg"), /^sp[0-9a-z]{6}$/);
  assert.equal(prefixOf("/spinner/circular.svg"), prefixOf("/spinner/circular.svg"));
  assert.notEqual(prefixOf("/spinner/circular.svg"), prefixOf("/spinner/circular.svg?size=40"));
  assert.match(prefixOf(""), /^sp[0-9a-z]{6}$/);
  assert.match(prefixOf("ü".repeat(100000)), /^sp[0-9a-z]{6}$/);
});

test("the markup: the sentinel is currentColor, every name prefixed, the style scoped, a labelled status", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" role="img"><style>svg{--e0:1}@keyframes k0{}.a0{animation:k0 1s;fill:#${SENTINEL};stroke:#a0b0c0}</style>` +
    `<defs><linearGradient id="g0"/></defs><use href="#u1"/><path class="a0" style="fill:url(#g0);--e0:2"/></svg>`;
  const markup = inlineMarkup(svg, "spx");
  assert.ok(markup.startsWith('<svg class="spx" xmlns='));
  assert.match(markup, / role="status" aria-label="Loading"/);
  assert.match(markup, /<style>\.spx\{--spx-e0:1\}@keyframes spx-k0\{\}\.spx-a0\{animation:spx-k0 1s;fill:currentColor;stroke:#a0b0c0\}<\/style>/);
  assert.match(markup, /id="spx-g0"/);
  assert.match(markup, /href="#spx-u1"/);
  assert.match(markup, /class="spx-a0" style="fill:url\(#spx-g0\);--spx-e0:2"/);
  assert.equal(inlineMarkup("", "spx"), "");
});

test("inline SVG applies to one-colour looks; it is asked in the sentinel colour, light, on no background", () => {
  const state = new PlaygroundState(catalog, () => false);
  state.selectKind("circular", {});
  assert.equal(inlineApplies(state), true);
  assert.deepEqual(inlineSettings(state), { color: SENTINEL, theme: "light", background: "transparent", track: SENTINEL + "99" });
  state.setValue("shadow", "2");
  assert.equal(inlineApplies(state), false);
  state.selectKind("circular", { style: "nineties" });
  assert.equal(inlineApplies(state), false);
  state.selectKind("capsules", { shadow: "2" });
  assert.equal(inlineApplies(state), true);
});
