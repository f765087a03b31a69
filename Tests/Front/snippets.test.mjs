import assert from "node:assert/strict";
import { test } from "node:test";
import { FRONT } from "./support.mjs";

const { lottieSnippets } = await import(FRONT + "snippets.js");

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
