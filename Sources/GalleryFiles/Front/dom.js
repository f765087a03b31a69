// The page's elements: finding one, making one, and the status line.

/** The first element matching a CSS selector, or null. */
export const $ = (selector) => document.querySelector(selector);

/**
 * A new element: `attributes` become attributes (`text` its text instead), `children` are
 * appended in order.
 */
export function make(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") element.textContent = value; else element.setAttribute(key, value);
  }
  for (const child of children) element.append(child);
  return element;
}

/** Says `text` in the status line (a polite live region); "" clears it. */
export function status(text) {
  $("#status").textContent = text;
}
