// Colours as the service reads them: hex, system colour names (the catalog's table, light and
// dark), transparent/none and CSS colours; their luminance and the theme a page colour wants.
// Pure, but for CSS names and functions, which the browser's own parser reads.

/**
 * The iOS system colours as the service resolves them, from the catalog's own table:
 * {name or alias (lower case): [light hex, dark hex]}.
 */
export function systemColourTable(catalog) {
  return Object.fromEntries((catalog.systemColors || []).flatMap((colour) =>
    [colour.name, ...colour.aliases].map((name) => [name.toLowerCase(), [colour.light, colour.dark]])));
}

/** WCAG relative luminance (0…1) of a hex colour "rrggbb". */
export function luminance(hex) {
  const linear = (index) => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(0) + 0.7152 * linear(2) + 0.0722 * linear(4);
}

/**
 * The theme a page colour wants: dark when white text would contrast more than black
 * (luminance below 0.179, where the two ratios meet).
 */
export const themeForPage = (hex) => (luminance(hex) < 0.179 ? "dark" : "light");

/**
 * A colour as the service reads it, resolved in `theme` ("light" or "dark"):
 * {hex: "rrggbb", alpha: 0…1}, or null when it is not a colour. System names come from
 * `systemColours` (see systemColourTable); hex, transparent/none and CSS names and
 * functions as CSS reads them.
 */
export function resolveColour(value, theme, systemColours) {
  const text = String(value ?? "").trim().replace(/^#/, "").toLowerCase();
  if (text === "") return null;
  if (text === "transparent" || text === "none") return { hex: "000000", alpha: 0 };
  if (systemColours[text]) return fromHex(systemColours[text][theme === "dark" ? 1 : 0]);
  if (/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(text)) return fromHex(text);
  return cssColour(text);
}

/** A colour from 3, 4, 6 or 8 hex digits (no #): {hex: "rrggbb", alpha: 0…1}. */
function fromHex(text) {
  const digits = text.length <= 4 ? text.split("").map((c) => c + c).join("") : text;
  return { hex: digits.slice(0, 6), alpha: digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1 };
}

// A CSS colour (a name or a function) as the browser reads it, or null: a canvas (never
// shown) serialises it. A value the canvas refuses leaves the colour set before it, so it
// reads differently after black and after white.
let canvas = null;
function cssColour(text) {
  if (!CSS.supports("color", text)) return null;
  canvas ??= document.createElement("canvas").getContext("2d");
  canvas.fillStyle = "#000"; canvas.fillStyle = text;
  const first = canvas.fillStyle;
  canvas.fillStyle = "#fff"; canvas.fillStyle = text;
  if (canvas.fillStyle !== first) return null;
  if (first.startsWith("#")) return fromHex(first.slice(1));
  const parts = first.slice(first.indexOf("(") + 1, -1).split(",").map(Number);
  return { hex: parts.slice(0, 3).map((n) => n.toString(16).padStart(2, "0")).join(""), alpha: parts[3] ?? 1 };
}
