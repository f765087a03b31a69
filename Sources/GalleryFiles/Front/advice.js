// Honest advice for the format chosen, from the sizes just measured.

import { $ } from "./dom.js";
import { bytes, sizeShown, webpFirst } from "./sizes.js";

/** A raster this large (bytes) is large for a loading indicator: the advice says so. */
const largeRaster = 100 * 1024;

/**
 * Writes the advice for the settings `values` (the measure's snapshot): `measured` holds
 * the animated pictures' sizes in bytes by format, `refused` the formats the service
 * refused for these settings, `lossy` the chosen raster's final size at a lossy quality
 * ({quality, bytes}) or null.
 */
export function advise(state, values, measured, refused, lossy = null) {
  const lottie = { written: sizeShown("lottie"), zipped: sizeShown("lottie-gzip") };
  const advice = $("#advice");
  advice.textContent = adviceText(state, values, measured, refused, lottie, lossy, sizeShown("svg"));
  advice.dataset.measured = "true";
}

/**
 * The advice's text for the settings `values`. Pure: `lottie` is what the sizes table shows
 * for the Lottie document ({written, zipped}, texts as shown), `svg` the SVG's size as shown.
 */
export function adviceText(state, values, measured, refused, lottie, lossy = null, svg = undefined) {
  if (state.format === "lottie") {
    const { written, zipped } = lottie;
    return `The Lottie document for these settings is ${written}` + (zipped && zipped.endsWith("B") ? `, ${zipped} gzipped` : "") +
      ". It is for a Lottie player in an app or a page (the snippets below): each plays the URL and can recolour " +
      "its paints at run time by keypath or slot. Light or dark is the theme parameter; players draw theme=auto as light.";
  }
  const label = (format) => state.formatByName(format).label;
  const order = Object.keys(measured).sort((a, b) => measured[a] - measured[b]);
  const list = order.map((format) => `${label(format)} ${bytes(measured[format])}`).join(", ");
  const refusedList = Object.keys(refused).map(label).join(", ");
  let text = order.length ? `Animated pictures for these settings, smallest first: ${list}.` : "";
  if (refusedList) text += ` ${refusedList}: refused for these settings (the sizes above say why).`;
  if (refused[state.format]) {
    return (text + (state.accepted ? ` The snippets keep the last ${label(state.format)} settings the service accepted.`
      : " There are no snippets until the service accepts the settings.")).trim();
  }
  if (state.format === "svg") {
    text += " The SVG follows the viewer's light or dark scheme with theme=auto; the snippets carry the theme of the stage's page.";
  } else {
    text += state.followsScheme
      ? " The <picture> snippet shows the light page's picture, and the dark page's to a dark OS scheme."
      : ` The <picture> snippet is drawn for the stage's page (#${state.page}); if your page follows the OS colour scheme, say so below it for a dark source.`;
    // GIF frames last whole hundredths of a second: more than 50 fps is drawn at 50.
    const fps = Number(values.fps);
    if (state.format === "gif" && fps > 50) text += ` A GIF plays at most 50 fps (its frames last whole hundredths of a second): fps=${fps} is drawn at 50.`;
    const chosen = measured[state.format];
    if (chosen > largeRaster) {
      text += ` At ${bytes(chosen)} this ${label(state.format)} is large for a loading indicator: ` +
        (svg && svg.endsWith("B") ? `the SVG is ${svg}, sharp at any size, and plays in every browser.` : "the SVG is far smaller, where a page can show one.");
    }
    if (lossy && chosen && lossy.bytes < chosen) {
      text += ` At quality=${lossy.quality} this ${label(state.format)} is ${bytes(lossy.bytes)} instead of ${bytes(chosen)} ` +
        `(${Math.round((1 - lossy.bytes / chosen) * 100)} % smaller; colours mapped to one palette): "Compare quality" shows both on the stage, and quality in the output settings makes it yours.`;
    }
    if (state.format === "gif" || state.format === "apng") {
      text += " WebP and APNG keep real alpha on any page; a GIF has 1-bit alpha and is blended into one page colour (matte). " +
        // The snippet's own rule, against the chosen format (issue 64: it compared the GIF's).
        (measured.webp === undefined || measured[state.format] === undefined ? "The <picture> snippet offers WebP first when it is no larger."
          : webpFirst(state.format, measured) ? `Here the WebP is no larger than the ${label(state.format)}, so the <picture> snippet offers it first.`
          : `Here the ${label(state.format)} is smaller than the WebP, so the <picture> snippet offers no WebP ahead of it.`);
    }
  }
  return text.trim();
}
