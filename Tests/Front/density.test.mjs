import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { MAX_TRIPLE_BYTES, askDensity, atDensity, denserCandidates, densityKnown, rasterURLs } = await import(FRONT + "density.js");

// The service, as the page asks it (HEAD): a status and a Content-Length by URL; an
// address it does not know fails as a network error would. Counts what was asked.
const asked = [];
function serve(answers) {
  globalThis.fetch = async (url, options) => {
    asked.push([url, options.method]);
    if (!(url in answers)) throw new TypeError("network error");
    const [status, length] = answers[url];
    return { ok: status < 300, status, headers: { get: (name) => (name === "Content-Length" ? String(length) : null) } };
  };
}

test("a raster URL at a density sets scale and keeps the rest; an SVG, Lottie or scaled URL has none", () => {
  assert.equal(atDensity("https://x.test/spinner/circular.gif?size=40", 2), "https://x.test/spinner/circular.gif?size=40&scale=2");
  assert.equal(atDensity("https://x.test/spinner/circular.webp", 3), "https://x.test/spinner/circular.webp?scale=3");
  assert.equal(atDensity("https://x.test/spinner/circular.svg", 2), null);
  assert.equal(atDensity("https://x.test/spinner/circular.json", 2), null);
  assert.equal(atDensity("https://x.test/spinner/circular.png?scale=1", 2), null);
  assert.throws(() => atDensity("not a URL", 2), TypeError);
});

test("the raster URLs a snippet names, once each, without SVGs or scaled ones", () => {
  const text = '<img src="https://x.test/a.gif" srcset="https://x.test/a.gif 1x, https://x.test/a.gif?scale=2 2x">' +
    '<source srcset="https://x.test/b.svg"><img src="https://x.test/a.gif"><img src="https://x.test/c.apng?t=1">';
  assert.deepEqual(rasterURLs(text), ["https://x.test/a.gif", "https://x.test/c.apng?t=1"]);
  assert.deepEqual(rasterURLs(""), []);
  assert.deepEqual(rasterURLs('<img src="https://x.test/a.png">'.repeat(10000)), ["https://x.test/a.png"]);
});

test("denser candidates appear once the service accepts them: the 3× only under its weight limit", async () => {
  const light = "https://x.test/spinner/light.gif", heavy = "https://x.test/spinner/heavy.gif", refused = "https://x.test/spinner/refused.gif";
  const gone = "https://x.test/spinner/gone.gif";
  serve({ [light + "?scale=2"]: [200, 5000], [light + "?scale=3"]: [200, MAX_TRIPLE_BYTES],
          [heavy + "?scale=2"]: [200, 5000], [heavy + "?scale=3"]: [200, MAX_TRIPLE_BYTES + 1],
          [refused + "?scale=2"]: [400, 300], [refused + "?scale=3"]: [200, 10] });
  const urls = [light, heavy, refused, gone];
  assert.equal(densityKnown(urls), false);
  assert.deepEqual(denserCandidates(light), []);
  let told = 0;
  await askDensity(urls, () => { told += 1; });
  assert.equal(told, 1);
  assert.equal(densityKnown(urls), true);
  assert.deepEqual(denserCandidates(light), [light + "?scale=2 2x", light + "?scale=3 3x"]);
  assert.deepEqual(denserCandidates(heavy), [heavy + "?scale=2 2x"]);
  assert.deepEqual(denserCandidates(refused), [], "no 3× without its 2×");
  assert.deepEqual(denserCandidates(gone), [], "a network error is an answer, not an acceptance");
  assert.ok(asked.every(([, method]) => method === "HEAD"));

  // Asked again: nothing new is fetched and nobody is told.
  const before = asked.length;
  await askDensity(urls, () => { told += 1; });
  assert.equal(asked.length, before);
  assert.equal(told, 1);
});
