// The snippets to copy: the URL, <img>, Markdown and <picture> for the pictures and the SVG,
// and the Lottie players' code for a Lottie document. The texts are pure; writeSnippets
// puts them in their boxes.

import { acceptedDense, askDensity, densityKnown, rasterURLs } from "./density.js";
import { $ } from "./dom.js";
import { showDenseDownload } from "./stage.js";
import { DARK, LIGHT } from "./state.js";
import { imageURL, query } from "./urls.js";

/** Writes every snippet for the accepted URL path, shows those for the format, and fits their boxes. */
export function writeSnippets(state, path) {
  const base = location.href;
  const url = new URL(path, base).href;
  const size = state.shownSize();
  $("#snippet-url").value = url;
  $("#snippet-html").value = `<img src="${url}"${denseSet(url)} width="${size}" height="${size}" alt="Loading">`;
  $("#snippet-markdown").value = `![Loading](${url})`;
  $("#snippet-picture").value = pictureSnippet(state, url, size, base);
  const label = pictureLabel(state);
  $("label[for=snippet-picture]").textContent = label;
  $("button[data-target=snippet-picture]").dataset.label = label;
  // A Lottie document is for a Lottie player, not an <img>: the apps' snippets instead.
  const lottie = state.format === "lottie";
  for (const name of ["html", "markdown", "picture"]) $("#use-" + name).hidden = lottie;
  for (const name of ["ios", "android", "flutter", "react-native", "web", "dotlottie"]) $("#use-" + name).hidden = !lottie;
  for (const [name, text] of Object.entries(lottieSnippets(state.kind, url, size))) $("#snippet-" + name).value = text;
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

// ` srcset="URL 2x"` for an <img> whose 2× the service accepted, else nothing.
const denseSet = (url) => (acceptedDense(url) ? ` srcset="${acceptedDense(url)} 2x"` : "");

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
  const still = state.formatByName(state.format).animated ? "still image for reduced motion" : "";
  return `Picture (${[pages, still].filter(Boolean).join("; ")})`;
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
 * The <picture> for `url` (absolute) at `size`, its other URLs made absolute against `base`;
 * each raster's 2× in its srcset once the service accepted it (density.js).
 * An SVG's follows the viewer's scheme itself (theme=auto) when the page does, its still
 * for reduced motion light and dark by media query (a PNG cannot follow: theme=auto draws
 * it light). For a raster format its <img> is the picture for the page the designer described: the
 * stage's colour (theme and, for GIF, the matte its edges are blended into), with its still
 * for reduced motion. Only when that page follows the OS scheme does a dark source
 * (media prefers-color-scheme: dark) come first, drawn for the dark page, the <img> for
 * the light one. For GIF or APNG a WebP comes first when it is no larger for these
 * settings (measured): every current browser takes the first source it can show, so a
 * larger WebP first would cost bytes. WebP has full alpha on any page.
 */
export function pictureSnippet(state, url, size, base) {
  const absolute = (path) => new URL(path, base).href;
  const format = state.format, raster = state.rasterFormats.includes(format);
  const img = (src) => `  <img src="${src}"${denseSet(src)} width="${size}" height="${size}" alt="Loading">\n`;
  const set = (url) => (acceptedDense(url) ? `${url} 1x, ${acceptedDense(url)} 2x` : url);
  const source = (media, srcset, type) => `  <source${media ? ` media="${media}"` : ""}${type ? ` type="${type}"` : ""} srcset="${set(srcset)}">\n`;
  const reduce = "(prefers-reduced-motion: reduce)", dark = "(prefers-color-scheme: dark)";
  const animated = state.formatByName(format).animated;
  if (!raster) {
    // An SVG can follow the viewer itself (theme=auto): for a page that follows the OS
    // scheme, or with theme=auto chosen, its <img> does, and its still for reduced motion,
    // a picture, comes light and dark by media query.
    const themed = !!state.parameter("theme");
    const follows = themed && (state.followsScheme || state.settings().theme === "auto");
    if (!follows) return "<picture>\n" + source(reduce, absolute(imageURL(state, "png"))) + img(url) + "</picture>";
    const [day, night] = [state.settingsForPage(LIGHT, "light"), state.settingsForPage(DARK, "dark")];
    return "<picture>\n" + source(`${reduce} and ${dark}`, absolute(imageURL(state, "png", night))) +
      source(reduce, absolute(imageURL(state, "png", day))) + img(absolute(imageURL(state, "svg", { ...state.settings(), theme: "auto" }))) + "</picture>";
  }
  const sizes = state.sizes[query(state, "webp")] || {};
  const offerWebP = (format === "gif" || format === "apng")
    && sizes.webp !== undefined && sizes[format] !== undefined && sizes.webp <= sizes[format];
  // The first is the <img>'s; a second (the dark page's) gets the sources under `dark`.
  const [shown, night] = pictureSettings(state);
  let text = "<picture>\n";
  if (animated) {
    if (night) text += source(`${reduce} and ${dark}`, absolute(imageURL(state, "png", night)));
    text += source(reduce, absolute(imageURL(state, "png", shown)));
  }
  if (night && offerWebP) text += source(dark, absolute(imageURL(state, "webp", night)), "image/webp");
  if (night) text += source(dark, absolute(imageURL(state, format, night)));
  if (offerWebP) text += source("", absolute(imageURL(state, "webp", shown)), "image/webp");
  return text + img(absolute(imageURL(state, format, shown))) + "</picture>";
}

/**
 * The Lottie players' snippets for a kind's document at `url` (absolute) and `size`, by box
 * (ios, android, flutter, react-native, web, dotlottie). Each plays the URL and recolours
 * one paint, the kind's first with a slot (circular's puck): by its keypath where the
 * player takes keypaths, by its slot where it reads slots. Pink is systemPink, #FF2D55.
 */
export function lottieSnippets(kind, url, size) {
  const paint = (kind.lottie.paints || []).find((item) => item.slot) || { keypath: "Spinner", paint: "fill", slot: "" };
  const names = paint.keypath.split(".");
  const fill = paint.paint === "fill";
  const pinkSlot = `{ "${paint.slot}": { p: { a: 0, k: [1, 0.1765, 0.3333, 1] } } }`;
  return {
    ios: `LottieView { await LottieAnimation.loadedFrom(url: URL(string: "${url}")!) }\n` +
      `  .looping()\n` +
      `  .valueProvider(ColorValueProvider(UIColor.systemPink.lottieColorValue),\n` +
      `                 for: AnimationKeypath(keypath: "${paint.keypath}.Color"))\n` +
      `  .frame(width: ${size}, height: ${size})`,
    android: `val composition by rememberLottieComposition(\n` +
      `  LottieCompositionSpec.Url("${url}"))\n` +
      `val colours = rememberLottieDynamicProperties(rememberLottieDynamicProperty(\n` +
      `  LottieProperty.${fill ? "COLOR" : "STROKE_COLOR"}, android.graphics.Color.rgb(255, 45, 85), ` +
      `${names.map((name) => JSON.stringify(name)).join(", ")}))\n` +
      `LottieAnimation(composition, iterations = LottieConstants.IterateForever,\n` +
      `  dynamicProperties = colours, modifier = Modifier.size(${size}.dp))`,
    flutter: `Lottie.network('${url}', width: ${size}, height: ${size},\n` +
      `  delegates: LottieDelegates(values: [\n` +
      `    ValueDelegate.${fill ? "color" : "strokeColor"}(const [${names.map((name) => `'${name}'`).join(", ")}], ` +
      `value: const Color(0xFFFF2D55)),\n  ]))`,
    "react-native": `<LottieView source={{ uri: '${url}' }} autoPlay loop\n` +
      `  style={{ width: ${size}, height: ${size} }}\n` +
      `  colorFilters={[{ keypath: '${paint.keypath}', color: '#FF2D55' }]} />`,
    web: `<div id="spinner" style="width:${size}px;height:${size}px"></div>\n` +
      `<!-- lottie-web 5.12: build/player/lottie.min.js of npm's lottie-web, served by your site -->\n` +
      `<script src="lottie.min.js"></script>\n` +
      `<script>\n` +
      `  fetch("${url}").then((response) => response.json()).then((animationData) => {\n` +
      `    animationData.slots["${paint.slot}"].p.k = [1, 0.1765, 0.3333, 1];  // its opacity: slot "${paint.slot}Opacity"\n` +
      `    lottie.loadAnimation({ container: document.getElementById("spinner"), renderer: "svg",\n` +
      `      loop: true, autoplay: true, animationData });\n` +
      `  });\n</script>`,
    dotlottie: `<canvas id="spinner" width="${size}" height="${size}"></canvas>\n` +
      `<script type="module">\n` +
      `  // @lottiefiles/dotlottie-web (npm), the ThorVG-based dotLottie player, served by your site\n` +
      `  import { DotLottie } from "./dotlottie-web.js";\n` +
      `  const player = new DotLottie({ canvas: document.getElementById("spinner"), src: "${url}", loop: true, autoplay: true });\n` +
      `  player.addEventListener("load", () => player.setSlots(JSON.stringify(${pinkSlot})));\n` +
      `</script>`,
  };
}
