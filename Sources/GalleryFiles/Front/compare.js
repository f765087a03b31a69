// Lossless beside lossy on the stage: the chosen raster as the service keeps it without loss
// and at a lossy quality (the quality chosen, or 80 when the settings are lossless), side by
// side on the same page colour, each with its size, so a person sees what quality costs.

import { $ } from "./dom.js";
import { bytes } from "./sizes.js";
import { imageURL } from "./urls.js";

/** The quality shown beside a lossless raster. */
export const offeredQuality = 80;

/**
 * The two URLs compared for the settings, {lossless, lossy, quality, chosenIsLossy}, or null
 * where quality does not apply to the format chosen (SVG, Lottie). Pure.
 */
export function comparedPair(state) {
  const quality = state.kind.parameters.find((item) => item.name === "quality");
  if (!quality || !quality.formats.includes(state.format)) return null;
  const values = state.settings();
  const chosen = Number(values.quality ?? quality.default ?? 100);
  const chosenIsLossy = chosen < 100;
  const lossyQuality = chosenIsLossy ? chosen : offeredQuality;
  return {
    lossless: imageURL(state, state.format, { ...values, quality: 100 }),
    lossy: imageURL(state, state.format, { ...values, quality: lossyQuality }),
    quality: lossyQuality,
    chosenIsLossy,
  };
}

// The latest comparison's ticket: the sizes of an older one are dropped.
let comparing = 0;

/**
 * Shows or hides the comparison for the accepted settings (called when they change and when
 * the button is pressed): the other file of the pair beside the preview (lossless on the
 * left), both playing in step, and a line under the stage with both sizes as the service
 * sends them now.
 */
export async function showComparison(state) {
  const button = $("#compare"), image = $("#compare-image"), note = $("#compare-note"), preview = $("#preview");
  const pair = comparedPair(state);
  button.hidden = !pair;
  const on = !!pair && button.getAttribute("aria-pressed") === "true";
  $("#stage").classList.toggle("comparing", on);
  image.hidden = !on;
  note.hidden = !on;
  const ticket = ++comparing;
  if (!on) {
    showImage(preview, shownURL(preview));
    showImage(image, shownURL(image));
    return;
  }
  const other = pair.chosenIsLossy ? pair.lossless : pair.lossy;
  image.width = state.shownSize();
  image.height = state.shownSize();
  image.classList.toggle("lossless", pair.chosenIsLossy);
  if (shownURL(image) !== other) showImage(image, other);
  image.alt = `${state.kind.name} spinner ${pair.chosenIsLossy ? "lossless" : "at quality=" + pair.quality}, for comparison`;
  const label = state.formatByName(state.format).label;
  note.textContent = `Left: lossless ${label}. Right: quality=${pair.quality}. Sizes…`;
  const [lossless, lossy] = await Promise.all([pair.lossless, pair.lossy].map(sizeOf));
  if (ticket !== comparing) return;
  const saved = lossless.bytes > 0 && lossy.bytes > 0 ? ` (${Math.round((1 - lossy.bytes / lossless.bytes) * 100)} % smaller)` : "";
  note.textContent = `Left: lossless ${label}, ${lossless.text}. Right: quality=${pair.quality}, ${lossy.text}${saved}.` +
    (lossless.final && lossy.final ? "" : " A quick answer is served first; the file kept for the URL is smaller.");
  await inStep([[preview, shownURL(preview)], [image, other]], () => ticket === comparing);
}

/** The address an image shows: its own, or the one its copy was made from (`inStep`). */
export const shownURL = (element) => element.dataset.url || element.getAttribute("src");

/**
 * Shows `url` in the image `element`: from `copy` (a blob address holding its bytes, kept
 * with the real address in `data-url`), or from `url` itself. A copy shown before is let go.
 */
export function showImage(element, url, copy = null) {
  const previous = element.dataset.url ? element.getAttribute("src") : null;
  if (copy) element.dataset.url = url;
  else delete element.dataset.url;
  const source = copy || url;
  if (element.getAttribute("src") !== source) element.src = source;
  if (previous && previous !== source) URL.revokeObjectURL(previous);
}

// The two panes start together (issue 64: they showed two moments of the loop, each
// having started when its file arrived). A browser starts an animated image when it first
// paints it, so each file is fetched and decoded off the page as a copy of its own (a blob
// address), and both copies go on the page in one task: one paint starts both. The real
// address stays in `data-url` (what the page and its tests read) until the comparison ends.
async function inStep(panes, current) {
  if (panes.every(([element, url]) => element.dataset.url === url)) return;  // already in step
  try {
    const copies = await Promise.all(panes.map(async ([, url]) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const copy = URL.createObjectURL(await response.blob());
      const decoded = new Image();
      decoded.src = copy;
      await decoded.decode();
      return copy;
    }));
    if (!current()) {
      copies.forEach((copy) => URL.revokeObjectURL(copy));
      return;
    }
    panes.forEach(([element, url], index) => showImage(element, url, copies[index]));
  } catch (error) {
    // Not in step, but both shown, each at its own address.
    for (const [element, url] of panes) showImage(element, url);
  }
}

// The size the service sends for `url` now: {bytes, text, final}.
async function sizeOf(url) {
  try {
    const response = await fetch(url, { method: "HEAD" });
    if (!response.ok) return { bytes: 0, text: "refused", final: true };
    const length = Number(response.headers.get("Content-Length"));
    const final = (response.headers.get("Cache-Control") || "").includes("immutable");
    return { bytes: length, text: bytes(length) + (final ? "" : " (quick answer)"), final };
  } catch (error) {
    return { bytes: 0, text: "unknown", final: true };
  }
}
