import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { bytes } = await import(FRONT + "sizes.js");

test("bytes says bytes below 1024 and KB with one decimal from 1024", () => {
  assert.equal(bytes(0), "0 bytes");
  assert.equal(bytes(1023), "1023 bytes");
  assert.equal(bytes(1024), "1.0 KB");
  assert.equal(bytes(1536), "1.5 KB");
  assert.equal(bytes(10 * 1024 * 1024), "10240.0 KB");
});
