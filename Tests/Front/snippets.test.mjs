import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT, playgroundState } from "./support.mjs";

const { announced, dotLottieURL, imgTag, lottieSnippets, pictureSnippet, slowedSettings } = await import(FRONT + "snippets.js");

const url = "https://x.test/spinner/arc.json?size=40";
const groups = [{ keypath: "Spinner.Arc", fill: true, stroke: false, slots: ["arc"], light: "000000", dark: "ffffff" }];

test("every player's snippet plays the URL at the size and is labelled Loading", () => {
  for (const answer of [groups, null, undefined]) {
    const snippets = lottieSnippets(url, 40, answer);
    assert.deepEqual(Object.keys(snippets).sort(), ["android", "dotlottie", "flutter", "ios", "react-native", "web"]);
    for (const [name, text] of Object.entries(snippets)) {
      assert.ok(text.includes(name === "dotlottie" ? "https://x.test/spinner/arc.lottie?size=40" : url), name);
      assert.match(text, /Loading/, name);
      assert.match(text, /40/, name);
    }
  }
});

test("a group whose dark colour differs follows the OS scheme in each player", () => {
  const snippets = lottieSnippets(url, 40, groups);
  assert.match(snippets.ios, /Spinner\.Arc/);
  assert.match(snippets["react-native"], /keypath: 'Spinner\.Arc'/);
  assert.match(snippets["react-native"], /useColorScheme\(\) === 'dark'/);
  assert.match(snippets.web, /arc/);
});

test("an image snippet's <img> carries its text and no role; a status container announces it", () => {
  const img = imgTag("https://x.test/spinner/arc.gif", 40);
  assert.equal(img, '<img src="https://x.test/spinner/arc.gif" width="40" height="40" alt="Loading">');
  assert.doesNotMatch(img, /role=/, "ARIA in HTML allows no status role on an <img> with text");
  assert.equal(announced(img), `<span role="status">${img}</span>`);
});

test("each app snippet gives the player its platform's progress semantics", () => {
  const snippets = lottieSnippets(url, 40, groups);
  assert.match(snippets.ios, /\.accessibilityRepresentation \{ ProgressView\("Loading"\) \}/);
  assert.match(snippets.android, /Modifier\.size\(40\.dp\)\.progressSemantics\(\)\.semantics \{ contentDescription = "Loading" \}/);
  assert.match(snippets.flutter, /Semantics\(label: 'Loading', role: SemanticsRole\.loadingSpinner, child: Lottie\.network/);
  assert.match(snippets["react-native"], /accessibilityRole="progressbar" accessibilityLabel="Loading"/);
  assert.match(snippets["react-native"], /accessibilityState=\{\{ busy: true \}\}/);
  for (const name of ["web", "dotlottie"]) assert.match(snippets[name], / role="status" aria-label="Loading"/, name);
});

test("under reduced motion a raster <picture> shows its own picture slowed 4×, never a still", () => {
  const state = playgroundState("circular", "gif");
  const text = pictureSnippet(state, "https://x.test/spinner/circular.gif", 60, "https://x.test/");
  const slowed = text.match(/<source media="\(prefers-reduced-motion: reduce\)" srcset="(https:\/\/x\.test\/spinner\/circular\.gif\?[^"]*)">/);
  assert.ok(slowed, text);
  assert.deepEqual(Object.fromEntries(new URL(slowed[1]).searchParams), { slowdown: "4", fps: "7" });
  assert.doesNotMatch(text, /\.png/, "no still");
  // The same frames, each shown four times as long: every motion ×4, the frame rate ÷4.
  assert.deepEqual(slowedSettings(state, { fps: "40", duration: "1" }), { fps: "10", duration: "1", slowdown: "4" });
  // At the longest duration too: the slowdown is of every motion, not of the duration.
  assert.deepEqual(slowedSettings(state, { duration: "15" }), { duration: "15", slowdown: "4", fps: "7" });
  assert.deepEqual(slowedSettings(state, { fps: "2" }), { fps: "1", slowdown: "4" });
  // The designer's own slowdown, four times again as far as it goes; at its most, nothing to add.
  assert.deepEqual(slowedSettings(state, { slowdown: "2", fps: "24" }), { slowdown: "8", fps: "6" });
  assert.deepEqual(slowedSettings(state, { slowdown: "3", fps: "24" }), { slowdown: "8", fps: "9" });
  // Never more frames than the picture chosen: a GIF is drawn at 50 at most, so fps=60 slows as 50.
  assert.deepEqual(slowedSettings(state, { fps: "60" }), { fps: "12", slowdown: "4" });
  assert.equal(slowedSettings(state, { slowdown: "8" }), null);
});

test("an SVG <picture> needs no source for reduced motion: it slows itself", () => {
  for (const follows of [false, true]) {
    const state = playgroundState("circular", "svg");
    state.setFollowsScheme(follows);
    const text = pictureSnippet(state, "https://x.test/spinner/circular.svg", 60, "https://x.test/");
    assert.doesNotMatch(text, /prefers-reduced-motion|\.png/, text);
    assert.match(text, /<img src="https:\/\/x\.test\/spinner\/circular\.svg/, text);
  }
});

test("the dotLottie players' snippet plays the .lottie file and follows the OS scheme by its themes", () => {
  assert.equal(dotLottieURL("https://x.test/spinner/arc.json?size=40&color=red"), "https://x.test/spinner/arc.lottie?size=40&color=red");
  assert.equal(dotLottieURL("https://x.test/spinner/arc.json"), "https://x.test/spinner/arc.lottie");
  // Only the path's extension: a query's own ".json" is left alone.
  assert.equal(dotLottieURL("https://x.test/spinner/arc.json?title=a.json"), "https://x.test/spinner/arc.lottie?title=a.json");
  const text = lottieSnippets(url, 40, groups).dotlottie;
  assert.match(text, /src: "https:\/\/x\.test\/spinner\/arc\.lottie\?size=40"/);
  assert.match(text, /player\.setTheme\(scheme\.matches \? "dark" : "light"\)/);
  assert.match(text, /scheme\.addEventListener\("change", follow\)/);
  assert.match(text, /speed: reduce \? 0\.25 : 1/);
  assert.doesNotMatch(text, /setSlots/, "the themes carry the colours");
  // The app snippets offer the dotLottie players the same file, its theme by the OS scheme.
  const snippets = lottieSnippets(url, 40, groups);
  assert.match(snippets.ios, /DotLottieAnimation\(webURL: "https:\/\/x\.test\/spinner\/arc\.lottie\?size=40"/);
  assert.match(snippets.ios, /spinner\.setTheme\(colorScheme == \.dark \? "dark" : "light"\)/);
  assert.match(snippets.ios, /@Environment\(\\\.colorScheme\) private var colorScheme/);
  assert.match(snippets.android, /DotLottieSource\.Url\("https:\/\/x\.test\/spinner\/arc\.lottie\?size=40"\)/);
  assert.match(snippets.android, /themeId = if \(isSystemInDarkTheme\(\)\) "dark" else "light"/);
});
