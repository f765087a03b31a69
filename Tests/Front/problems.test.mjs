import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { keeping, reasonOf, sentence } = await import(FRONT + "problems.js");

test("a refusal without problem+json gets the general reason", () => {
  assert.equal(reasonOf(null), "the service refused these settings");
  assert.equal(reasonOf({}), "the service refused these settings");
});

test("a field's refusal says the service's own sentence, else its title", () => {
  assert.equal(reasonOf({ title: "Invalid parameter value", detail: "Parameter 'size' is too large." }), "Parameter 'size' is too large.");
  assert.equal(reasonOf({ title: "Invalid parameter value" }), "Invalid parameter value");
});

test("a budget refusal says the largest size or the highest fps the service names, else its detail", () => {
  const title = "Render budget exceeded";
  assert.equal(reasonOf({ title, largest_size: 180, highest_fps: 20 }), "over the render budget: at most 180 px at this speed");
  assert.equal(reasonOf({ title, largest_size: 0, highest_fps: 20 }), "over the render budget: at most 20 fps at this size");
  assert.equal(reasonOf({ title, largest_size: "180", detail: "Too costly." }), "over the render budget: too costly.");
  assert.equal(reasonOf({ title, largest_size: 1.5, highest_fps: -3 }), "over the render budget: ");
});

test("a reason becomes a sentence once, whatever it ends with", () => {
  assert.equal(sentence("too large"), "Too large.");
  assert.equal(sentence("Too large."), "Too large.");
  assert.equal(sentence("really?"), "Really?");
  assert.equal(sentence(""), ".");
});

test("what a refusal keeps depends on whether anything was accepted", () => {
  assert.match(keeping("/spinner/circular.svg"), /keep the last settings/);
  assert.match(keeping(undefined), /Nothing is previewed/);
});
