import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { announced, imgTag, lottieSnippets } = await import(FRONT + "snippets.js");

const url = "https://x.test/spinner/arc.json?size=40";
const groups = [{ keypath: "Spinner.Arc", fill: true, stroke: false, slots: ["arc"], light: "000000", dark: "ffffff" }];

test("every player's snippet plays the URL at the size and is labelled Loading", () => {
  for (const answer of [groups, null, undefined]) {
    const snippets = lottieSnippets(url, 40, answer);
    assert.deepEqual(Object.keys(snippets).sort(), ["android", "dotlottie", "flutter", "ios", "react-native", "web"]);
    for (const [name, text] of Object.entries(snippets)) {
      assert.ok(text.includes(url), name);
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
