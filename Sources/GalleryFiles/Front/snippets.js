// The snippets to copy: the URL, <img>, Markdown and <picture> for the pictures and the SVG,
// and the Lottie players' code for a Lottie document. The texts are pure; writeSnippets
// puts them in their boxes.

import { acceptedDense, askDensity, denserCandidates, densityKnown, rasterURLs } from "./density.js";
import { $ } from "./dom.js";
import { inlineApplies, inlineMarkup, inlineSettings, prefixOf } from "./inline.js";
import { showDenseDownload } from "./stage.js";
import { askRecolouring, recolouring } from "./recolour.js";
import { DARK, LIGHT } from "./state.js";
import { webpFirst } from "./sizes.js";
import { imageURL, query } from "./urls.js";

/** Writes every snippet for the accepted URL path, shows those for the format, and fits their boxes. */
export function writeSnippets(state, path) {
  const base = location.href;
  const url = new URL(path, base).href;
  const size = state.shownSize();
  $("#snippet-url").value = url;
  $("#snippet-html").value = announced(imgTag(url, size));
  $("#snippet-markdown").value = `![Loading](${url})`;
  $("#snippet-picture").value = pictureSnippet(state, url, size, base);
  const label = pictureLabel(state);
  $("label[for=snippet-picture]").textContent = label;
  $("button[data-target=snippet-picture]").dataset.label = label;
  // A Lottie document is for a Lottie player, not an <img>: the apps' snippets instead.
  const lottie = state.format === "lottie";
  for (const name of ["html", "markdown", "picture"]) $("#use-" + name).hidden = lottie;
  for (const name of ["ios", "android", "flutter", "react-native", "web", "dotlottie"]) $("#use-" + name).hidden = !lottie;
  writeLottieSnippets(state, path, url, size, lottie);
  writeInlineSnippet(state, path);
  fitSnippets();
  showDenseDownload(acceptedDense(url));
  // The 2× of every raster named, asked once: the snippets are written again with them
  // (data-density says whether every answer is in).
  const rasters = lottie ? [] : rasterURLs($("#snippet-html").value + $("#snippet-picture").value);
  $("#snippet-html").dataset.density = densityKnown(rasters) ? "known" : "asking";
  askDensity(rasters, () => {
    if (state.accepted === path) writeSnippets(state, path);
  });
}

// The apps' snippets, with the colours of the URL's documents once they are in (asked
// once a URL; data-recolour says whether they are).
function writeLottieSnippets(state, path, url, size, lottie) {
  if (!lottie) return;
  for (const [name, text] of Object.entries(lottieSnippets(url, size, recolouring(url)))) $("#snippet-" + name).value = text;
  $("#snippet-ios").dataset.recolour = recolouring(url) === undefined ? "asking" : "known";
  askRecolouring(url, () => {
    if (state.accepted === path && state.format === "lottie") writeSnippets(state, path);
  });
}

// The inline SVG (inline.js) for an SVG of a one-colour look: made from the service's SVG of
// the same settings once it is in (asked once a URL; data-inline says whether it is).
const inlineTexts = new Map();
function writeInlineSnippet(state, path) {
  const shown = state.format === "svg" && inlineApplies(state);
  $("#use-inline").hidden = !shown;
  if (!shown) return;
  const source = imageURL(state, "svg", inlineSettings(state));
  const known = inlineTexts.get(source);
  const box = $("#snippet-inline");
  box.value = typeof known === "string" ? inlineMarkup(known, prefixOf(source)) : "…";
  box.dataset.inline = typeof known === "string" ? "known" : "asking";
  if (known !== undefined) return;
  inlineTexts.set(source, fetch(source).then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
    .then((text) => { inlineTexts.set(source, text); }, () => { inlineTexts.set(source, "<!-- the service did not answer -->"); })
    .then(() => { if (state.accepted === path) writeSnippets(state, path); }));
}

// ` srcset="URL2 2x, URL3 3x"` for an <img> with the denser versions the service accepted
// (density.js), else nothing.
const denseSet = (url) => (denserCandidates(url).length ? ` srcset="${denserCandidates(url).join(", ")}"` : "");

/** The image snippets' <img> of `src` at `size`: its text alternative is "Loading". */
export function imgTag(src, size) {
  return `<img src="${src}"${denseSet(src)} width="${size}" height="${size}" alt="Loading">`;
}

/**
 * `markup` in a status container (`role="status"`, a polite live region): a screen reader
 * says "Loading" when the spinner appears. The container carries the role because ARIA in
 * HTML allows none on an <img> with text (axe-core: aria-allowed-role); the region being
 * loaded carries aria-busy="true" meanwhile (the docs and the playground say so).
 */
export function announced(markup) {
  return `<span role="status">${markup}</span>`;
}

/** Makes each snippet box as tall as its text (wrapped at the box's width): nothing is cut. */
export function fitSnippets() {
  for (const box of document.querySelectorAll(".snippet textarea")) {
    if (box.offsetParent === null) continue;
    box.style.height = "auto";
    box.style.height = box.scrollHeight + box.offsetHeight - box.clientHeight + "px";
  }
}

// The <picture> snippet's label: the page(s) it is for and what its sources are for.
function pictureLabel(state) {
  const raster = state.rasterFormats.includes(state.format);
  const pages = state.followsScheme ? "light and dark OS scheme" : raster ? `a #${state.page} page` : "";
  const motion = !state.formatByName(state.format).animated ? "" : raster ? "slowed for reduced motion" : "slows itself for reduced motion";
  return `Picture (${[pages, motion].filter(Boolean).join("; ")})`;
}

/**
 * The settings of the pictures a raster <picture> serves, the <img>'s first: the stage's
 * page (the preview's settings); or, when the designer's page follows the OS scheme, a
 * light page (the stage's when it is light, else white) for the <img> and a dark one (the
 * stage's when it is dark, else black) for the dark source.
 */
function pictureSettings(state) {
  if (!state.followsScheme) return [state.settings()];
  const own = state.pageTheme();
  return [state.settingsForPage(own === "light" ? state.page : LIGHT, "light"), state.settingsForPage(own === "dark" ? state.page : DARK, "dark")];
}

/**
 * The settings of a raster's slowed loop, for reduced motion (issue 64: slow, don't
 * freeze, as the SVG's own `prefers-reduced-motion` rule slows it 4×): `values` with
 * `slowdown` four times the designer's (every motion four times as long, a pulse as much
 * as a turn; at most the parameter's maximum) and the frame rate divided alike, so that it
 * is about the same frames, each shown that much longer, in about the same bytes; null
 * when the service takes no slowdown for the format or it is already at its most.
 */
export function slowedSettings(state, values) {
  const slowdown = state.parameter("slowdown");
  if (!slowdown || !state.applies(slowdown)) return null;
  // Four times the designer's own slowdown, as far as the parameter goes.
  const now = Number(values.slowdown ?? slowdown.default), slower = Math.min(now * 4, Number(slowdown.maximum));
  if (!(slower > now)) return null;
  const slowed = { ...values, slowdown: String(slower) };
  const fps = state.parameter("fps");
  if (fps && state.applies(fps)) {
    // The rate the service draws at (a GIF at most 50), divided and rounded down: never
    // more frames than the picture the designer chose, so never over a budget it passed
    // (but at the parameter's minimum, 1).
    const asked = Number(values.fps ?? fps.default), rate = state.format === "gif" ? Math.min(asked, 50) : asked;
    slowed.fps = String(Math.max(Number(fps.minimum), Math.floor(rate * now / slower)));
  }
  return slowed;
}

/**
 * The <picture> for `url` (absolute) at `size`, its other URLs made absolute against `base`;
 * each raster's 2× in its srcset once the service accepted it (density.js).
 * An SVG's follows the viewer's scheme itself (theme=auto) when the page does, and slows
 * itself for reduced motion (its own media rule): it needs no source for it. For a raster
 * format its <img> is the picture for the page the designer described: the
 * stage's colour (theme and, for GIF, the matte its edges are blended into), with the same
 * picture slowed for reduced motion (slowedSettings). Only when that page follows the OS scheme does a dark source
 * (media prefers-color-scheme: dark) come first, drawn for the dark page, the <img> for
 * the light one. For GIF or APNG a WebP comes first when it is no larger for these
 * settings (measured): every current browser takes the first source it can show, so a
 * larger WebP first would cost bytes. WebP has full alpha on any page.
 */
export function pictureSnippet(state, url, size, base) {
  const absolute = (path) => new URL(path, base).href;
  const format = state.format, raster = state.rasterFormats.includes(format);
  const img = (src) => `  ${imgTag(src, size)}\n`;
  const set = (url) => [`${url}${denserCandidates(url).length ? " 1x" : ""}`, ...denserCandidates(url)].join(", ");
  const source = (media, srcset, type) => `  <source${media ? ` media="${media}"` : ""}${type ? ` type="${type}"` : ""} srcset="${set(srcset)}">\n`;
  const reduce = "(prefers-reduced-motion: reduce)", dark = "(prefers-color-scheme: dark)";
  const animated = state.formatByName(format).animated;
  if (!raster) {
    // An SVG can follow the viewer itself (theme=auto): for a page that follows the OS
    // scheme, or with theme=auto chosen, its <img> does; it slows itself for reduced motion.
    const themed = !!state.parameter("theme");
    const follows = themed && (state.followsScheme || state.settings().theme === "auto");
    const src = follows ? absolute(imageURL(state, "svg", { ...state.settings(), theme: "auto" })) : url;
    return announced("<picture>\n" + img(src) + "</picture>");
  }
  const sizes = state.sizes[query(state, "webp")] || {};
  const offerWebP = webpFirst(format, sizes);
  // The first is the <img>'s; a second (the dark page's) gets the sources under `dark`.
  const [shown, night] = pictureSettings(state);
  let text = "<picture>\n";
  if (animated) {
    const [slowShown, slowNight] = [slowedSettings(state, shown), night && slowedSettings(state, night)];
    if (slowNight) text += source(`${reduce} and ${dark}`, absolute(imageURL(state, format, slowNight)));
    if (slowShown) text += source(reduce, absolute(imageURL(state, format, slowShown)));
  }
  if (night && offerWebP) text += source(dark, absolute(imageURL(state, "webp", night)), "image/webp");
  if (night) text += source(dark, absolute(imageURL(state, format, night)));
  if (offerWebP) text += source("", absolute(imageURL(state, "webp", shown)), "image/webp");
  return announced(text + img(absolute(imageURL(state, format, shown))) + "</picture>");
}

/** The dotLottie file (`.lottie`) of a Lottie document's URL (`.json`): the same query. */
export function dotLottieURL(url) {
  return url.replace(/\.json(?=[?#]|$)/, ".lottie");
}

/**
 * The Lottie players' snippets for a document at `url` (absolute) and `size`, by box (ios,
 * android, flutter, react-native, web, dotlottie). Each plays the URL, is labelled for
 * assistive technology ("Loading"), and recolours every element: each group of
 * recolourGroups (recolour.js) by its keypath where the player takes keypaths (a wildcard
 * below it reaches every paint), by its slots where it reads slots. A group whose dark
 * colour differs from its light one follows the OS scheme. Each slows to a quarter of its
 * speed where the OS asks for less motion, as the SVG does, never stopping (issue 64): the
 * web players read `prefers-reduced-motion`, SwiftUI `accessibilityReduceMotion`, React
 * Native `AccessibilityInfo`; on Android and in Flutter the snippet says what the OS
 * setting does to the player (docs/lottie.md, "Reduced motion"). `groups` undefined: the
 * documents' colours are not in yet; null: the service did not give them. The dotLottie
 * players' snippet plays the URL's `.lottie` file instead, whose light and dark themes hold
 * the URL's colours: it follows the OS scheme with `setTheme` (issue 64).
 */
export function lottieSnippets(url, size, groups) {
  const list = groups || [];
  const scheme = list.some((group) => group.light !== group.dark);
  const pick = (group, format) => (scheme && group.light !== group.dark
    ? { ios: (l, d) => `scheme == .dark ? ${d} : ${l}`, kotlin: (l, d) => `if (dark) ${d} else ${l}`, dart: (l, d) => `dark ? ${d} : ${l}`,
        js: (l, d) => `dark ? ${d} : ${l}` }[format.lang](format.colour(group.light), format.colour(group.dark))
    : format.colour(group.light));
  const channels = (hex) => [0, 2, 4].map((index) => Math.round(parseInt(hex.slice(index, index + 2), 16) / 255 * 10000) / 10000);
  const swift = { lang: "ios", colour: (hex) => { const [r, g, b] = channels(hex); return `LottieColor(r: ${r}, g: ${g}, b: ${b}, a: 1)`; } };
  const kotlin = { lang: "kotlin", colour: (hex) => `0xFF${hex.toUpperCase()}.toInt()` };
  const dart = { lang: "dart", colour: (hex) => `const Color(0xFF${hex.toUpperCase()})` };
  const js = { lang: "js", colour: (hex) => `'#${hex.toUpperCase()}'` };
  const slotValue = (hex) => `[${channels(hex).join(", ")}, 1]`;
  const slots = (theme) => "{ " + list.flatMap((group) => group.slots.map((slot) => `"${slot}": ${slotValue(group[theme])}`)).join(", ") + " }";
  const kinds = (group) => [group.fill && "fill", group.stroke && "stroke"].filter(Boolean);
  const names = (group) => group.keypath.split(".");
  const note = groups === undefined ? "reading the document's colours…"
    : groups === null ? "the service did not give the document's colours; recolour as the docs show"
    : `every element in its colour${scheme ? ", light and dark" : ""} (each keeps its opacity)`;
  const darkWeb = scheme ? `  const dark = matchMedia("(prefers-color-scheme: dark)").matches;\n` : "";
  // Less motion asked for: a quarter of the speed, as the SVG's own rule, never stopped.
  const reduceWeb = `  const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;\n`;
  const webSlots = scheme ? `dark ? ${slots("dark")} : ${slots("light")}` : slots("light");
  return {
    ios: "// In a View with @Environment(\\.accessibilityReduceMotion) private var reduceMotion" +
      (scheme ? "\n// and @Environment(\\.colorScheme) private var scheme\n" : "\n") +
      `LottieView { await LottieAnimation.loadedFrom(url: URL(string: "${url}")!) }\n` +
      `  .looping()\n` +
      `  // Reduce Motion: a quarter of the speed, never stopped\n` +
      `  .animationSpeed(reduceMotion ? 0.25 : 1)\n` +
      `  // ${note}\n` +
      list.map((group) => `  .valueProvider(ColorValueProvider(${pick(group, swift)}),\n` +
        `                 for: AnimationKeypath(keypath: "${group.keypath}.**.Color"))\n`).join("") +
      `  .frame(width: ${size}, height: ${size})\n` +
      `  // Read as a progress indicator named Loading (SwiftUI's ProgressView semantics)\n` +
      `  .accessibilityRepresentation { ProgressView("Loading") }\n` +
      `// Or dotlottie-ios (DotLottie), whose .lottie file holds these colours as a light and a dark theme:\n` +
      `// let spinner = DotLottieAnimation(webURL: "${dotLottieURL(url)}",\n` +
      `//   config: AnimationConfig(autoplay: true, loop: true, speed: reduceMotion ? 0.25 : 1))\n` +
      `// spinner.view(), and, once it has loaded, with @Environment(\\.colorScheme) private var colorScheme:\n` +
      `// spinner.setTheme(colorScheme == .dark ? "dark" : "light")`,
    android: (scheme ? "val dark = isSystemInDarkTheme()\n" : "") +
      `val composition by rememberLottieComposition(\n` +
      `  LottieCompositionSpec.Url("${url}"))\n` +
      `// ${note}\n` +
      `val colours = rememberLottieDynamicProperties(\n` +
      list.flatMap((group) => kinds(group).map((kind) =>
        `  rememberLottieDynamicProperty(LottieProperty.${kind === "fill" ? "COLOR" : "STROKE_COLOR"}, ${pick(group, kotlin)}, ` +
        `${[...names(group), "**"].map((name) => JSON.stringify(name)).join(", ")}),\n`)).join("") +
      `)\n` +
      `// Remove animations (animator duration scale 0) makes lottie-compose show one frame, as every animator stops\n` +
      `LottieAnimation(composition, iterations = LottieConstants.IterateForever, dynamicProperties = colours,\n` +
      `  // An indeterminate progress indicator named Loading (progressSemantics)\n` +
      `  modifier = Modifier.size(${size}.dp).progressSemantics().semantics { contentDescription = "Loading" })\n` +
      `// Or dotlottie-android, whose .lottie file holds these colours as a light and a dark theme, and which plays\n` +
      `// on with Remove animations (slowed here: animationsOff = Settings.Global ANIMATOR_DURATION_SCALE == 0f):\n` +
      `// DotLottieAnimation(source = DotLottieSource.Url("${dotLottieURL(url)}"), autoplay = true, loop = true,\n` +
      `//   themeId = if (isSystemInDarkTheme()) "dark" else "light", speed = if (animationsOff) 0.25f else 1f)`,
    flutter: (scheme ? "final dark = MediaQuery.platformBrightnessOf(context) == Brightness.dark;\n" : "") +
      `// A loading spinner named Loading to assistive technology (SemanticsRole, dart:ui)\n` +
      `// Less motion asked for (MediaQuery.disableAnimationsOf(context)): Lottie.network takes no speed; to slow it,\n` +
      `// give Lottie.network a controller of four times the composition's duration (AnimationBehavior.preserve)\n` +
      `Semantics(label: 'Loading', role: SemanticsRole.loadingSpinner, child: Lottie.network('${url}', width: ${size}, height: ${size},\n` +
      `  // ${note}\n` +
      `  delegates: LottieDelegates(values: [\n` +
      list.flatMap((group) => kinds(group).map((kind) =>
        `    ValueDelegate.${kind === "fill" ? "color" : "strokeColor"}(const [${[...names(group), "**"].map((name) => `'${name}'`).join(", ")}], ` +
        `value: ${pick(group, dart)}),\n`)).join("") +
      `  ])))`,
    "react-native": (scheme ? "const dark = useColorScheme() === 'dark';\n" : "") +
      `// Reduce Motion (iOS) or Remove animations (Android): a quarter of the speed, never stopped\n` +
      `const [reduceMotion, setReduceMotion] = useState(false);\n` +
      `useEffect(() => {\n` +
      `  AccessibilityInfo.isReduceMotionEnabled().then(setReduceMotion);\n` +
      `  const listener = AccessibilityInfo.addEventListener('reduceMotionChanged', setReduceMotion);\n` +
      `  return () => listener.remove();\n` +
      `}, []);\n` +
      `// ${note}\n` +
      `<LottieView source={{ uri: '${url}' }} autoPlay loop speed={reduceMotion ? 0.25 : 1}\n` +
      `  style={{ width: ${size}, height: ${size} }} accessibilityRole="progressbar" accessibilityLabel="Loading"\n` +
      `  accessibilityState={{ busy: true }}\n` +
      `  colorFilters={[\n` +
      list.map((group) => `    { keypath: '${group.keypath}', color: ${pick(group, js)} },\n`).join("") +
      `  ]} />`,
    web: `<div id="spinner" role="status" aria-label="Loading" style="width:${size}px;height:${size}px"></div>\n` +
      `<!-- lottie-web 5.12: build/player/lottie.min.js of npm's lottie-web, served by your site -->\n` +
      `<script src="lottie.min.js"></script>\n` +
      `<script>\n` + darkWeb + reduceWeb +
      `  // ${note}: its slots\n` +
      `  const colours = ${webSlots};\n` +
      `  fetch("${url}").then((response) => response.json()).then((animationData) => {\n` +
      `    for (const [slot, colour] of Object.entries(colours)) animationData.slots[slot].p.k = colour;\n` +
      `    const animation = lottie.loadAnimation({ container: document.getElementById("spinner"), renderer: "svg",\n` +
      `      loop: true, autoplay: true, animationData });\n` +
      `    animation.setSpeed(reduce ? 0.25 : 1);\n` +
      `  });\n</script>`,
    // The dotLottie file of the same URL: its colours in a light and a dark theme, switched with one call.
    dotlottie: `<canvas id="spinner" role="status" aria-label="Loading" width="${size}" height="${size}"></canvas>\n` +
      `<script type="module">\n` +
      `  // @lottiefiles/dotlottie-web (npm), the ThorVG-based dotLottie player, served by your site\n` +
      `  import { DotLottie } from "./dotlottie-web.js";\n` + reduceWeb +
      `  const scheme = matchMedia("(prefers-color-scheme: dark)");\n` +
      `  // The .lottie file holds these colours as a light and a dark theme\n` +
      `  const player = new DotLottie({ canvas: document.getElementById("spinner"), src: "${dotLottieURL(url)}", loop: true, autoplay: true,\n` +
      `    speed: reduce ? 0.25 : 1 });\n` +
      `  const follow = () => player.setTheme(scheme.matches ? "dark" : "light");\n` +
      `  player.addEventListener("load", follow);\n` +
      `  scheme.addEventListener("change", follow);\n` +
      `</script>`,
  };
}
