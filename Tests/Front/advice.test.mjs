import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog, playgroundState } from "./support.mjs";

const { adviceText } = await import(FRONT + "advice.js");

const stateFor = (format, values = {}) => playgroundState("circular", format, values);

test("the advice lists the animated pictures smallest first and says which were refused", () => {
  const state = stateFor("webp");
  const text = adviceText(state, state.settings(), { gif: 3000, webp: 1000, apng: 2048 }, { apng: true }, {});
  assert.match(text, /^Animated pictures for these settings, smallest first: WebP 1000 bytes, APNG 2\.0 KB, GIF 2\.9 KB\. APNG: refused/);
});

test("the GIF's fps note reads the measure's snapshot, not the settings now", () => {
  const state = stateFor("gif", { fps: "30" });
  const snapshot = { ...state.settings(), fps: "60" };
  assert.match(adviceText(state, snapshot, { gif: 1000 }, {}, {}), /fps=60 is drawn at 50/);
  assert.doesNotMatch(adviceText(state, state.settings(), { gif: 1000 }, {}, {}), /is drawn at 50/);
});

test("a large raster points to the SVG; a lossy quality that saves says how much", () => {
  const state = stateFor("apng");
  const text = adviceText(state, state.settings(), { apng: 200 * 1024 }, {}, {}, { quality: 80, bytes: 50 * 1024 }, "3.0 KB");
  assert.match(text, /At 200\.0 KB this APNG is large for a loading indicator: the SVG is 3\.0 KB/);
  assert.match(text, /At quality=80 this APNG is 50\.0 KB instead of 200\.0 KB \(75 % smaller/);
});

test("a refused chosen format keeps the last accepted snippets, or says there are none", () => {
  const state = stateFor("gif");
  assert.match(adviceText(state, state.settings(), {}, { gif: true }, {}), /There are no snippets until the service accepts the settings\.$/);
  state.accept("/spinner/circular.gif");
  assert.match(adviceText(state, state.settings(), {}, { gif: true }, {}), /The snippets keep the last GIF settings the service accepted\.$/);
});

test("Lottie's advice gives the document's sizes as the table shows them", () => {
  const state = stateFor("lottie");
  assert.match(adviceText(state, state.settings(), {}, {}, { written: "12.0 KB", zipped: "2.0 KB" }), /^The Lottie document for these settings is 12\.0 KB, 2\.0 KB gzipped\./);
  assert.match(adviceText(state, state.settings(), {}, {}, { written: "…", zipped: "not sent gzipped" }), /^The Lottie document for these settings is …\. It/);
});

test("the WebP advice follows the chosen format, as the <picture> snippet does", () => {
  // An APNG larger than its WebP, a GIF smaller: the advice compares with the chosen format, not the GIF.
  const sizes = { gif: 1000, webp: 2000, apng: 3000 };
  const apng = stateFor("apng");
  assert.match(adviceText(apng, apng.settings(), sizes, {}, {}), /the WebP is no larger than the APNG, so the <picture> snippet offers it first\./);
  const gif = stateFor("gif");
  assert.match(adviceText(gif, gif.settings(), sizes, {}, {}), /the GIF is smaller than the WebP, so the <picture> snippet offers no WebP ahead of it\./);
  assert.match(adviceText(gif, gif.settings(), { gif: 1000 }, {}, {}), /offers WebP first when it is no larger\./);
});
