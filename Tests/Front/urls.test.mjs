import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog, playgroundState } from "./support.mjs";

const { imageURL, previewURL, query } = await import(FRONT + "urls.js");

const stateFor = (kind, values = {}, format = "svg") => playgroundState(kind, format, values);

test("the query carries only values that apply to the format and differ from the default", () => {
  const state = stateFor("circular", { size: "60", stroke: "12", fps: "50", quality: "100", title: "" });
  assert.equal(query(state, "svg"), "?stroke=12");
  assert.equal(query(state, "gif"), "?fps=50&stroke=12");
  assert.equal(query(state, "png", {}), "");
});

test("values are written without # and percent-encoded, whatever they hold", () => {
  const state = stateFor("circular");
  assert.equal(query(state, "svg", { color: "#ff0000" }), "?color=ff0000");
  assert.equal(query(state, "svg", { title: "a&b=c#d?e f" }), "?title=a%26b%3Dc%23d%3Fe+f");
  assert.equal(query(state, "svg", { color: "linear-gradient(90deg,red 5%,blue)" }), "?color=linear-gradient%2890deg%2Cred+5%25%2Cblue%29");
  assert.equal(query(state, "svg", { title: "ünï" + "x".repeat(5000) }).length, "?title=".length + 13 + 5000);
});

test("the image's path is the kind with the format's extension and the settings as sent", () => {
  const state = stateFor("circular", { stroke: "12" }, "lottie");
  assert.equal(imageURL(state, "lottie"), "/spinner/circular.json?stroke=12");
  assert.equal(imageURL(state, "gif", { fps: "20" }), "/spinner/circular.gif?fps=20");
});

test("Lottie is previewed as the SVG of the same settings; other formats as themselves", () => {
  assert.equal(previewURL(stateFor("circular", { stroke: "12", fps: "50" }, "lottie")), "/spinner/circular.svg?stroke=12");
  assert.equal(previewURL(stateFor("circular", { fps: "50" }, "webp")), "/spinner/circular.webp?fps=50");
});
