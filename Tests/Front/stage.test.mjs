import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog, playgroundState } from "./support.mjs";

const { downloadName } = await import(FRONT + "stage.js");

const stateFor = (format, values) => playgroundState("circular", format, values);

test("the file's name: the kind, then choices by value and others by name and value, in the kind's order", () => {
  assert.equal(downloadName(stateFor("svg", {})), "circular.svg");
  assert.equal(downloadName(stateFor("gif", { style: "accent", stroke: "15", color: "#FF0000", size: "60" })), "circular-colorff0000-stroke15-accent.gif");
  assert.equal(downloadName(stateFor("lottie", { title: "Hi there!" })), "circular-titlehi_there_.json");
});

test("hostile values are made file-safe and the name is at most 100 characters before the extension", () => {
  const name = downloadName(stateFor("png", { color: "linear-gradient(90deg,red 5%,blue)", title: "../../etc/passwd" + "x".repeat(500) }));
  assert.match(name, /^[a-z0-9._-]+\.png$/i);
  assert.ok(!name.includes("/"));
  assert.equal(name.length, 100 + ".png".length);
});
