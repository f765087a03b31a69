import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, catalog } from "./support.mjs";

const { DARK, LIGHT, PlaygroundState } = await import(FRONT + "state.js");

const fresh = (viewerIsDark = false) => new PlaygroundState(catalog, () => viewerIsDark);

test("a new state reads the catalog: formats in order, rasters, system colours; SVG on a white page", () => {
  const state = fresh();
  assert.deepEqual(state.formats, ["svg", "apng", "gif", "png", "webp", "lottie"]);
  assert.deepEqual(state.rasterFormats, ["apng", "gif", "png", "webp"]);
  assert.deepEqual(state.systemColours.label, ["000000", "ffffff"]);
  assert.equal(state.format, "svg");
  assert.equal(state.page, LIGHT);
  assert.equal(state.kind, null);
  assert.equal(state.accepted, undefined);
});

test("choosing a kind: an unknown name is the first kind; a dark page starts it dark; a matte of the page follows it", () => {
  const state = fresh();
  assert.equal(state.selectKind("nonesuch", {}).name, "circular");
  assert.equal(state.selectKind("__proto__", {}).name, "circular");
  state.setPage("#000000", false);
  state.selectKind("capsules", { peak: "0.5", matte: "#000000" });
  assert.deepEqual(state.values, { peak: "0.5", theme: "dark" });
  assert.equal(state.matteFollowsPage, true);
  state.selectKind("capsules", { matte: "ff0000", theme: "light" });
  assert.equal(state.matteFollowsPage, false);
  assert.deepEqual(state.values, { matte: "ff0000", theme: "light" });
});

test("a picture cannot follow the viewer: theme=auto becomes the page's theme when the format is not SVG", () => {
  const state = fresh(true);
  state.selectKind("circular", { theme: "auto" });
  assert.equal(state.drawnTheme(), "dark", "an SVG draws the viewer's dark scheme");
  assert.equal(state.setFormat("svg"), false);
  assert.equal(state.setFormat("gif"), true);
  assert.equal(state.values.theme, "light");
  assert.equal(state.drawnTheme(), "light");
  assert.equal(state.setFormat("png"), false, "nothing left to change");
});

test("the page colour: hex with or without #, any case; the theme follows only when asked and the kind has one", () => {
  const state = fresh();
  assert.equal(state.setPage("#1C1C1E", true), false, "no kind yet");
  assert.equal(state.page, "1c1c1e");
  assert.equal(state.pageTheme(), "dark");
  state.selectKind("circular", {});
  assert.equal(state.values.theme, "dark");
  assert.equal(state.setPage("FFFFFF", false), false);
  assert.equal(state.values.theme, "dark");
  assert.equal(state.setPage("ffffff", true), true);
  assert.equal(state.values.theme, "light");
});

test("a GIF's matte follows the page: left out where the theme's default is the page, the page's colour elsewhere", () => {
  const state = fresh();
  state.selectKind("circular", { stroke: "12" });
  assert.deepEqual(state.settings(), { stroke: "12" }, "white page, light theme: the default matte is the page");
  state.setPage("ccddee", false);
  assert.deepEqual(state.settings(), { stroke: "12", matte: "ccddee" });
  assert.deepEqual(state.settings({ theme: "dark" }), { stroke: "12", theme: "dark" }, "another theme's page is its own");
  state.setValue("matte", "ff0000");
  assert.equal(state.matteFollowsPage, false);
  assert.deepEqual(state.settings(), { stroke: "12", matte: "ff0000" });
  state.followPageMatte();
  assert.deepEqual(state.settings(), { stroke: "12", matte: "ccddee" });
});

test("the settings for another page: its theme and, while the matte follows, its colour", () => {
  const state = fresh();
  state.selectKind("circular", {});
  assert.deepEqual(state.settingsForPage(DARK, "dark"), { theme: "dark" });
  assert.deepEqual(state.settingsForPage("222222", "dark"), { theme: "dark", matte: "222222" });
  state.setValue("matte", "00ff00");
  assert.deepEqual(state.settingsForPage(DARK, "dark"), { theme: "dark", matte: "00ff00" });
});

test("settings are snapshots: changing them later or changing a snapshot leaves the other alone", () => {
  const state = fresh();
  state.selectKind("circular", { stroke: "12" });
  const snapshot = state.settings();
  state.setValue("stroke", "20");
  assert.equal(snapshot.stroke, "12");
  snapshot.stroke = "99";
  assert.equal(state.settings().stroke, "20");
});

test("the shown size is the value, else the kind's default; sizes are kept by their query", () => {
  const state = fresh();
  state.selectKind("capsules", {});
  assert.equal(state.shownSize(), 215);
  state.setValue("size", "40");
  assert.equal(state.shownSize(), 40);
  state.keepSizes("?size=40", { gif: 100 });
  assert.deepEqual(state.sizes, { "?size=40": { gif: 100 } });
  state.accept("/spinner/capsules.svg?size=40");
  assert.equal(state.accepted, "/spinner/capsules.svg?size=40");
  state.setFollowsScheme("yes");
  assert.equal(state.followsScheme, true);
});

test("the stage offers every format but the dotLottie zip, which no browser draws", () => {
  const state = fresh();
  assert.ok(state.formats.includes("lottie"));
  assert.ok(!state.formats.includes("dotlottie"));
  assert.deepEqual(state.formats, catalog.formats.map((format) => format.name).filter((name) => name !== "dotlottie"));
});
