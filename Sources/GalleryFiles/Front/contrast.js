// The contrast meter: how well the spinner shows on the stage's page, measured from its own
// pixels (still PNGs of the same settings at a few moments, drawn over the page colour),
// with a warning under 3:1 (WCAG's minimum for a graphic that must be seen, 1.4.11) and a
// one-click fix for the kind: capsules' `peak`, or a colour that contrasts (`label`, black
// on a light page and white on a dark one). The faithful defaults stay as they are.

import { luminance, resolveColour } from "./colour.js";
import { $ } from "./dom.js";
import { imageURL } from "./urls.js";

/** The contrast a graphic needs to be seen (WCAG 2.1, 1.4.11 non-text contrast). */
export const ENOUGH = 3;
/** The moments measured, in seconds (taken modulo the loop): the most visible of them counts. */
const MOMENTS = [0, 0.3, 0.6, 0.9];

/** WCAG contrast ratio of two relative luminances. Pure. */
export const ratioOf = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const hexOf = (r, g, b) => [r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("");

/**
 * The contrast with `page` (hex) of the most visible part of a picture already drawn over
 * it (RGBA pixels): the 4th highest of any pixel, so a stray antialiased pixel does not
 * count (as the tests measure it). 1 when nothing shows. Pure.
 */
export function bestContrast(pixels, page) {
  const background = luminance(page);
  const seen = new Map();
  const top = [1, 1, 1, 1];
  for (let index = 0; index < pixels.length; index += 4) {
    const key = (pixels[index] << 16) | (pixels[index + 1] << 8) | pixels[index + 2];
    let ratio = seen.get(key);
    if (ratio === undefined) {
      ratio = ratioOf(luminance(hexOf(pixels[index], pixels[index + 1], pixels[index + 2])), background);
      seen.set(key, ratio);
    }
    if (ratio > top[3]) {
      top[3] = ratio;
      top.sort((a, b) => b - a);
    }
  }
  return top[3];
}

/**
 * The least `peak` (in steps of 0.05, at most 1) at which a paint of `colour` (hex) over
 * `page` (hex) reaches ENOUGH, or null when even 1 does not. Pure.
 */
export function peakFor(colour, page) {
  const channel = (hex, index) => parseInt(hex.slice(index, index + 2), 16);
  for (let steps = 1; steps <= 20; steps++) {
    const peak = steps / 20;
    const mixed = hexOf(...[0, 2, 4].map((index) => Math.round(channel(colour, index) * peak + channel(page, index) * (1 - peak))));
    if (ratioOf(luminance(mixed), luminance(page)) >= ENOUGH) return peak;
  }
  return null;
}

/**
 * The fix for a faint spinner with the settings `values` on this page: {name, value,
 * label}, or null. A kind with a `peak` raises it to the least that shows its colour; else
 * (or when no peak would do) a kind whose `color` is not `label` gets `label`, which the
 * page's theme draws black or white.
 */
export function fixFor(state, values) {
  const theme = state.drawnTheme(values);
  const peak = state.parameter("peak");
  const colourName = values.color ?? state.parameter("color")?.default ?? "label";
  const colour = resolveColour(colourName, theme, state.systemColours);
  if (peak && colour && colour.alpha > 0) {
    const needed = peakFor(colour.hex, state.page);
    const current = Number(values.peak ?? peak.default);
    if (needed !== null && needed > current) return { name: "peak", value: String(needed), label: `Raise peak to ${needed}` };
  }
  if (state.parameter("color") && String(colourName).toLowerCase() !== "label") {
    return { name: "color", value: "label", label: `Use color=label (${theme === "dark" ? "white" : "black"} here)` };
  }
  return null;
}

// The measurement under way: a newer one makes an older one's answer stale.
let metering = 0;

/**
 * Measures the accepted settings (`values`, the measure's snapshot) on the stage's page and
 * shows the reading (#contrast, data-ratio), a warning under ENOUGH and its fix
 * (#contrast-fix sets the parameter's field as a person would, and the playground asks the
 * service again).
 */
export async function meterContrast(state, values) {
  const ticket = ++metering;
  const meter = $("#contrast"), fix = $("#contrast-fix");
  meter.dataset.ratio = "";
  const size = state.shownSize();
  // What the stage shows: theme=auto draws the viewer's scheme in an SVG, light elsewhere.
  const theme = state.drawnTheme(values);
  const stills = MOMENTS.map((t) => imageURL(state, "png", { ...values, theme, t: String(t) }));
  let best = 1;
  try {
    for (const url of stills) {
      const image = new Image();
      image.src = url;
      await image.decode();
      if (ticket !== metering) return;
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = size;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      context.fillStyle = "#" + state.page;
      context.fillRect(0, 0, size, size);
      context.drawImage(image, 0, 0, size, size);
      best = Math.max(best, bestContrast(context.getImageData(0, 0, size, size).data, state.page));
    }
  } catch (error) {
    if (ticket === metering) { meter.hidden = true; fix.hidden = true; }
    return;
  }
  if (ticket !== metering) return;
  const faint = best < ENOUGH;
  meter.hidden = false;
  meter.dataset.ratio = best.toFixed(2);
  meter.dataset.stills = JSON.stringify(stills);
  meter.classList.toggle("faint", faint);
  meter.textContent = `Contrast with this page: ${best.toFixed(2)}:1 at its most visible` +
    (faint ? ` — under ${ENOUGH}:1, people may not see it.` : ".");
  const remedy = faint ? fixFor(state, values) : null;
  fix.hidden = !remedy;
  if (remedy) {
    fix.textContent = remedy.label;
    fix.onclick = () => {
      const field = $("#p-" + remedy.name);
      field.value = remedy.value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    };
  }
}
