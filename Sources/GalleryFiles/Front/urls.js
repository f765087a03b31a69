// The service's URLs for the playground's settings. Pure.

import { SPINNER } from "./paths.js";

/** The query of some settings ("" or "?…"): only values that apply to `format` and differ from the default. */
export function query(state, format, values = state.settings()) {
  const search = new URLSearchParams();
  for (const item of state.kind.parameters) {
    const value = values[item.name];
    if (value === undefined || value === "" || !item.formats.includes(format)) continue;
    if (item.default !== null && item.default !== undefined && String(value) === String(item.default)) continue;
    search.set(item.name, String(value).replace(/^#/, ""));
  }
  const text = search.toString();
  return text ? "?" + text : "";
}

/** The path of the chosen kind in `format` with some settings (default: the settings as sent). */
export const imageURL = (state, format, values) =>
  `${SPINNER}${state.kind.name}.${state.formatByName(format).extension}${query(state, format, values)}`;

/**
 * The path the preview shows. No Lottie player here: a Lottie choice previews the same
 * settings as SVG (every parameter that applies to Lottie applies to SVG).
 */
export const previewURL = (state) => state.format === "lottie"
  ? `${SPINNER}${state.kind.name}.${state.formatByName("svg").extension}${query(state, "lottie")}` : imageURL(state, state.format);
