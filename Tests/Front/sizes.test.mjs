import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { bytes, webpFirst } = await import(FRONT + "sizes.js");

test("bytes says bytes below 1024 and KB with one decimal from 1024", () => {
  assert.equal(bytes(0), "0 bytes");
  assert.equal(bytes(1023), "1023 bytes");
  assert.equal(bytes(1024), "1.0 KB");
  assert.equal(bytes(1536), "1.5 KB");
  assert.equal(bytes(10 * 1024 * 1024), "10240.0 KB");
});

test("a <picture> offers its WebP first only for a GIF or APNG no smaller than the WebP", () => {
  assert.equal(webpFirst("apng", { webp: 2000, apng: 3000, gif: 1000 }), true);
  assert.equal(webpFirst("gif", { webp: 2000, apng: 3000, gif: 1000 }), false);
  assert.equal(webpFirst("gif", { webp: 1000, gif: 1000 }), true, "no larger is enough");
  assert.equal(webpFirst("gif", { gif: 1000 }), false, "not measured: not offered");
  assert.equal(webpFirst("png", { webp: 1, png: 1000 }), false);
});
