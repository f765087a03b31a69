// The sizes table: every format's size for the same settings, side by side.

import { $, make } from "./dom.js";

/** A length in bytes as the page says it: "n bytes" below 1024, else KB with one decimal. Pure. */
export const bytes = (length) => (length >= 1024 ? (length / 1024).toFixed(1) + " KB" : length + " bytes");

/**
 * Replaces the table by a cell per [key, label] entry, each "…" until told; returns
 * show(key, text, refused = false, aside = ""), which tells one cell (refused ones are
 * marked); an aside (a lossy size beside the lossless one) follows the text in a lighter,
 * smaller face, so that the cell stays on one line on a 390 px phone.
 */
export function sizeTable(entries) {
  const cells = new Map(entries.map(([key, label]) => {
    const value = make("output", { text: "…" });
    return [key, make("span", { class: "format-size", "data-format": key }, [label + " ", value])];
  }));
  $("#sizes").replaceChildren(...cells.values());
  return (key, text, refused = false, aside = "") => {
    cells.get(key).querySelector("output").replaceChildren(text, ...(aside ? [" ", make("small", { class: "size-aside", text: aside })] : []));
    cells.get(key).classList.toggle("refused", refused);
  };
}

/** The text a cell shows now ("lottie", "lottie-gzip", …), undefined when there is no such cell. */
export const sizeShown = (key) => $(`#sizes [data-format=${key}] output`)?.textContent;

/**
 * Whether a <picture> of `format` offers its WebP first: only a GIF or APNG, and only when
 * the WebP measured for the same settings is no larger (`sizes`: bytes by format). Every
 * current browser takes the first source it can show, so a larger WebP first would cost
 * bytes. The snippet and the advice both ask this.
 */
export function webpFirst(format, sizes) {
  return (format === "gif" || format === "apng") && sizes.webp !== undefined && sizes[format] !== undefined && sizes.webp <= sizes[format];
}
