// Gradients in the playground: reading a paint value (a colour or a CSS gradient) into
// the editor's model, writing the model back as the short form the service reads, showing
// any paint as CSS draws it (system colours resolved in a theme), and the editor itself:
// kind, angle, stops to add, drag and recolour, and presets, the seed's nineties among them.

import { resolveColour } from "./colour.js";
import { make } from "./dom.js";

/**
 * The most stops the service takes, a stop with two positions counting twice
 * (GradientValue.maximumStops; Tests/Front/gradient_differential.mjs holds it to the service).
 */
export const MAXIMUM_STOPS = 8;
/**
 * The longest gradient text the service reads, in bytes (GradientValue.maximumLength, the
 * catalog's maxLength of a paint; Tests/Front/gradient_differential.mjs holds it to both).
 */
export const MAXIMUM_LENGTH = 256;

/** Presets: each a paint value, written as the service reads it. */
export const PRESETS = [
  // The CircularSpinner package's nineties puck: purple at the trailing end's side, red at the short puck.
  { name: "nineties", value: "linear-gradient(0deg,systemPurple,systemRed)" },
  { name: "rainbow", value: "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)" },
  { name: "comet", value: "conic-gradient(transparent,systemBlue)" },
  { name: "sunset", value: "linear-gradient(90deg,ff2d55,ff9500)" },
  { name: "glow", value: "radial-gradient(ffffff 40%,systemTeal)" },
];

/**
 * Whether `text` is written as a gradient function, as the service tells (a name ending in
 * "gradient" touching its parenthesis: CSSGradient.looksLikeGradient), so that its errors
 * are a gradient's.
 */
export function isGradient(text) {
  const written = String(text ?? ""), open = written.indexOf("(");
  return open >= 0 && written.slice(0, open).toLowerCase().endsWith("gradient");
}

// The reading below is the service's grammar (Sources/SpinnerModel/Paint/CSSGradient.swift)
// step for step, in its units (hundredths of a degree and of a percent), so that the editor
// reads a value as the service does or not at all; Tests/Front/gradient_differential.mjs
// holds the two to the same verdicts and canonical text over the fuzz corpus.

// Swift's `rounded()`: halves away from zero (Math.round takes -2.5 to -2).
const rounded = (value) => Math.sign(value) * Math.round(Math.abs(value));

// `text` cut at `separator` outside parentheses, each part's runs of spaces folded to one;
// null when the parentheses do not balance, nest a second level, or a comma leaves a part
// empty (CSSGradient.topLevel). Cut at spaces, empty parts are dropped.
function topLevel(text, separator) {
  const parts = [];
  let depth = 0, current = "";
  for (const character of text) {
    if (character === "(" && ++depth > 1) return null;
    if (character === ")" && --depth < 0) return null;
    if (character === separator && depth === 0) { parts.push(current); current = ""; } else current += character;
  }
  if (depth !== 0) return null;
  parts.push(current);
  const folded = parts.map((part) => part.split(" ").filter((word) => word !== "").join(" "));
  if (separator === " ") return folded.filter((part) => part !== "");
  return folded.includes("") ? null : folded;
}

// A number as the service reads one (CSSColorFunction.number): at most 24 characters of
// digits, "+", "-", "." and "e" with a digit among them, at most 1e6 either way; else null.
function number(text) {
  if (text.length === 0 || text.length > 24 || !/^[0-9+\-.e]+$/.test(text) || !/[0-9]/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= 1e6 ? value : null;
}

// `N%` in hundredths of a percent, at most ±1 000 %; else null.
function percentage(word) {
  const value = word.endsWith("%") ? number(word.slice(0, -1)) : null;
  return value !== null && Math.abs(value) <= 1000 ? rounded(value * 100) : null;
}

// An angle in hundredths of a degree, not turned into one turn: a bare 0, or a number in
// grad, deg, rad or turn (grad asked before rad, as the service asks); else null.
const UNITS = [["grad", 0.9], ["deg", 1], ["rad", 180 / Math.PI], ["turn", 360]];
function rawAngle(word) {
  if (word === "0") return 0;
  const unit = UNITS.find(([name]) => word.endsWith(name));
  const value = unit ? number(word.slice(0, -unit[0].length)) : null;
  return value === null ? null : rounded(value * unit[1] * 100);
}

// An angle turned into 0 ..< 36 000 hundredths of a degree; else null.
function turned(word) {
  const raw = rawAngle(word);
  return raw === null ? null : ((raw % 36000) + 36000) % 36000;
}

// A stop's position in hundredths of a percent: `N%`, `0`, or for conic an angle (a share
// of the turn, at most ±1 000 %); else null.
function place(word, angular) {
  if (word === "0") return 0;
  const percent = percentage(word);
  if (percent !== null || !angular) return percent;
  const raw = rawAngle(word);
  const share = raw === null ? null : rounded(raw / 3.6);
  return share !== null && Math.abs(share) <= 100000 ? share : null;
}

// `to <side or corner>` in hundredths of a degree (a square box), each word once; else null.
const SIDES = new Map([["top", 0], ["right", 9000], ["bottom", 18000], ["left", 27000],
  ["right top", 4500], ["bottom right", 13500], ["bottom left", 22500], ["left top", 31500]]);
function side(text) {
  const words = text.split(" ").slice(1);
  return new Set(words).size === words.length ? SIDES.get([...words].sort().join(" ")) ?? null : null;
}

// Whether `at`'s words name the box's centre (CSS's default position): one or two words,
// each `center` or 50 %.
const isCentre = (words) => (words.length === 1 || words.length === 2) && words.every((word) => word === "center" || percentage(word) === 5000);

// Whether a radial gradient's first part is its shape, size and position rather than a stop.
const RADIAL_WORDS = new Set(["circle", "ellipse", "at", "closest-side", "closest-corner", "farthest-side", "farthest-corner"]);
const isRadialPrelude = (words) => words.some((word) => RADIAL_WORDS.has(word)) || words[0].endsWith("%") || words[0].endsWith("px");

// Whether a radial prelude draws CSS's default, which is all the editor draws: from the
// centre out to the farthest corner, as a circle or an ellipse (the same in a square box;
// closest-corner is that corner too, seen from the centre). Anything else, valid or not,
// the editor does not hold.
function drawnFromTheCentre(words) {
  const at = words.indexOf("at");
  if (at >= 0 && !isCentre(words.slice(at + 1))) return false;
  const size = at >= 0 ? words.slice(0, at) : [...words];
  const shape = size.findIndex((word) => word === "circle" || word === "ellipse");
  if (shape >= 0) size.splice(shape, 1);
  return size.length === 0 || (size.length === 1 && (size[0] === "farthest-corner" || size[0] === "closest-corner"));
}

const KINDS = new Map([["linear-gradient", "linear"], ["radial-gradient", "radial"], ["conic-gradient", "conic"]]);

/**
 * A gradient value read into the editor's model {kind, angle, stops: [{colour, position}]}
 * (positions in percent, angles in degrees within one turn, each to a hundredth as the
 * service holds them; every stop placed by CSS's fix-up, a stop with two positions read as
 * two), or null when the service would refuse it or the editor cannot hold it (a radial
 * gradient not drawn from the centre at CSS's default size, a conic one about another
 * point): the field keeps the text, and the service says what is wrong with it. A stop's
 * colour is kept as written when `isColour(word)` says it is one (the editor passes
 * colour.js's reading).
 */
export function parseGradient(text, isColour) {
  const written = String(text ?? "");
  if (written.length > MAXIMUM_LENGTH || !/^[\x20-\x7e]*$/.test(written)) return null;
  const open = written.indexOf("(");
  const kind = open >= 0 && written.endsWith(")") ? KINDS.get(written.slice(0, open).toLowerCase()) : undefined;
  const parts = kind && topLevel(written.slice(open + 1, -1), ",");
  if (!parts) return null;
  const first = parts[0].toLowerCase(), words = first.split(" ");
  let angle = kind === "linear" ? 18000 : 0, stopParts = parts;
  if (kind === "linear" && (first.startsWith("to ") || first === "to")) {
    angle = side(first);
    stopParts = parts.slice(1);
  } else if (kind === "linear" && turned(first) !== null) {
    angle = turned(first);
    stopParts = parts.slice(1);
  } else if (kind === "radial" && isRadialPrelude(words)) {
    if (!drawnFromTheCentre(words)) return null;
    stopParts = parts.slice(1);
  } else if (kind === "conic" && /^(from|at)( |$)/.test(first)) {
    const at = words.indexOf("at"), from = at >= 0 ? words.slice(0, at) : words;
    if (at >= 0 && !isCentre(words.slice(at + 1))) return null;
    angle = from.length === 0 ? 0 : from.length === 2 && from[0] === "from" ? turned(from[1]) : null;
    stopParts = parts.slice(1);
  }
  if (angle === null) return null;
  const angular = kind === "conic", stops = [];
  for (const part of stopParts) {
    const [colour, ...places] = topLevel(part, " ");
    // A lone position is a colour hint, which the service does not take.
    if (places.length === 0 && place(colour.toLowerCase(), angular) !== null) return null;
    if (isGradient(colour) || places.length > 2 || !isColour(colour)) return null;
    const positions = places.map((word) => place(word.toLowerCase(), angular));
    if (positions.includes(null)) return null;
    for (const position of positions.length ? positions : [null]) stops.push({ colour, position });
    if (stops.length > MAXIMUM_STOPS) return null;
  }
  if (stops.length < 2) return null;
  // CSS's fix-up (CSS Images 3 §3.4.3): the first at 0 %, the last at 100 %, none before
  // one ahead of it, runs without positions spread evenly between their neighbours.
  const positions = stops.map((stop) => stop.position);
  positions[0] ??= 0;
  positions[positions.length - 1] ??= 10000;
  let largest = -Infinity;
  for (const [index, position] of positions.entries()) {
    if (position !== null) positions[index] = largest = Math.max(largest, position);
  }
  for (let index = 1; index < positions.length; index += 1) {
    if (positions[index] !== null) continue;
    let end = index;
    while (positions[end] === null) end += 1;
    const before = positions[index - 1], after = positions[end];
    for (let gap = index; gap < end; gap += 1) positions[gap] = before + rounded(((after - before) * (gap - index + 1)) / (end - index + 1));
    index = end;
  }
  return { kind, angle: angle / 100, stops: stops.map((stop, index) => ({ colour: stop.colour, position: positions[index] / 100 })) };
}

// Hundredths as the service writes them: 2500 → "25", 1250 → "12.5", -5 → "-0.05".
function decimal(hundredths) {
  const magnitude = Math.abs(hundredths), fraction = magnitude % 100;
  return (hundredths < 0 ? "-" : "") + Math.floor(magnitude / 100) + (fraction === 0 ? "" : "." + String(fraction).padStart(2, "0").replace(/0$/, ""));
}

/**
 * The model written as the service writes its canonical text (GradientValue.canonicalText):
 * short, angles in deg and positions in % to a hundredth, defaults left out, positions only
 * where some stop is not where even spreading puts it; colours as the model has them.
 */
export function writeGradient(model) {
  const stops = [...model.stops].sort((a, b) => a.position - b.position);
  const hundredths = (value) => rounded(value * 100);
  const even = stops.every((stop, index) => hundredths(stop.position) === rounded((10000 * index) / (stops.length - 1)));
  const written = stops.map((stop) => String(stop.colour).replace(/^#/, "") + (even ? "" : ` ${decimal(hundredths(stop.position))}%`));
  const angle = ((hundredths(model.angle) % 36000) + 36000) % 36000;
  const prelude = model.kind === "linear" ? (angle === 18000 ? [] : [`${decimal(angle)}deg`])
    : model.kind === "conic" && angle !== 0 ? [`from ${decimal(angle)}deg`] : [];
  return `${model.kind}-gradient(${[...prelude, ...written].join(",")})`;
}

/**
 * Any paint value as CSS draws it, for a swatch or a preview: a gradient with each stop's
 * colour resolved in `theme` (system colours, hex without #), or the colour; null when it
 * is neither.
 */
export function cssPaint(text, theme, systemColours) {
  const css = (colour) => {
    const resolved = resolveColour(colour, theme, systemColours);
    if (!resolved) return null;
    const [r, g, b] = [0, 2, 4].map((index) => parseInt(resolved.hex.slice(index, index + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${resolved.alpha})`;
  };
  if (!isGradient(text)) return css(text);
  const open = text.indexOf("("), name = text.slice(0, open).trim().toLowerCase();
  const parts = topLevel(text.slice(open + 1, text.lastIndexOf(")")), ",");
  if (!parts) return null;  // unbalanced: the service refuses it too
  const drawn = parts.map((part, index) => {
    const words = topLevel(part, " ");
    const colour = css(words[0]);
    if (colour) return [colour, ...words.slice(1)].join(" ");
    return index === 0 ? part : null;  // the prelude (an angle, a shape, a position) as written
  });
  return drawn.includes(null) ? null : `${name}(${drawn.join(", ")})`;
}

/**
 * The gradient editor of one paint field: opened by its button, it edits the model and
 * calls `apply(text)` with every change (the field's text, the URL and the snippets follow).
 * `conic` says whether conic gradients are offered (not for a background). `current()`
 * gives the field's text when the editor opens; `theme()` the theme colours resolve in.
 */
export function gradientEditor({ name, conic, current, apply, theme, systemColours }) {
  const panel = make("div", { class: "gradient-editor", hidden: "", role: "group", "aria-label": `${name} gradient` });
  const toggle = make("button", { type: "button", class: "action gradient-toggle", "aria-expanded": "false", text: "Gradient…",
                                  "aria-label": `Edit ${name} as a gradient` });
  let model = null;
  // A stop's colour as the page reads colours (colour.js): the service says the rest.
  const isColour = (word) => resolveColour(word, "light", systemColours) !== null;

  const kinds = make("select", { "aria-label": `${name} gradient kind` },
    ["linear", "radial", ...(conic ? ["conic"] : [])].map((kind) => make("option", { value: kind, text: kind })));
  const angle = make("input", { type: "range", min: "0", max: "359", step: "1", "aria-label": `${name} gradient angle` });
  const angleText = make("span", { class: "angle-value" });
  const preview = make("div", { class: "gradient-preview", "aria-hidden": "true" });
  const stopsBox = make("div", { class: "gradient-stops" });
  const add = make("button", { type: "button", class: "action", text: "Add stop", "aria-label": `Add a ${name} gradient stop` });
  const presets = make("div", { class: "gradient-presets" }, PRESETS.filter((preset) => conic || !preset.value.startsWith("conic")).map((preset) => {
    const button = make("button", { type: "button", class: "preset", text: preset.name, title: preset.value,
                                    "aria-label": `${name}: ${preset.name} preset` });
    button.addEventListener("click", () => { model = parseGradient(preset.value, isColour); draw(); changed(); });
    return button;
  }));
  panel.append(make("div", { class: "gradient-row" }, [kinds, angle, angleText]), preview, stopsBox,
               make("div", { class: "gradient-row" }, [add]), presets);

  const changed = () => apply(writeGradient(model));
  const hex = (colour) => {
    const resolved = resolveColour(colour, theme(), systemColours);
    return "#" + (resolved ? resolved.hex : "000000");
  };

  function draw() {
    kinds.value = model.kind;
    angle.value = String(model.angle);
    angle.hidden = model.kind === "radial";
    angleText.textContent = model.kind === "radial" ? "from the centre" : `${model.angle}°`;
    drawPreview();
    add.disabled = model.stops.length >= MAXIMUM_STOPS;
    stopsBox.replaceChildren(...model.stops.map((stop, index) => {
      const colour = make("input", { type: "color", value: hex(stop.colour), "aria-label": `${name} stop ${index + 1} colour` });
      const place = make("input", { type: "range", min: "0", max: "100", step: "1", value: String(Math.round(stop.position)),
                                    "aria-label": `${name} stop ${index + 1} position` });
      const remove = make("button", { type: "button", class: "remove", text: "×", "aria-label": `Remove ${name} stop ${index + 1}` });
      remove.disabled = model.stops.length <= 2;
      colour.addEventListener("input", () => { stop.colour = colour.value.slice(1); draw(); changed(); });
      place.addEventListener("input", () => { stop.position = Number(place.value); changed(); drawPreview(); });
      remove.addEventListener("click", () => { model.stops.splice(index, 1); draw(); changed(); });
      return make("div", { class: "gradient-stop" }, [colour, place, remove]);
    }));
  }
  // The stops laid left to right, whatever the kind (a conic or radial gradient's own
  // shape is on the stage); while a stop is dragged only this is drawn again (the slider
  // keeps its focus).
  function drawPreview() {
    preview.style.backgroundImage = cssPaint(writeGradient({ ...model, kind: "linear", angle: 90 }), theme(), systemColours) ?? "";
  }

  kinds.addEventListener("change", () => {
    model.kind = kinds.value;
    model.angle = model.kind === "linear" ? 90 : 0;
    draw();
    changed();
  });
  angle.addEventListener("input", () => { model.angle = Number(angle.value); angleText.textContent = `${model.angle}°`; drawPreview(); changed(); });
  add.addEventListener("click", () => {
    // A new stop half-way along the widest gap, in the colour there.
    const sorted = [...model.stops].sort((a, b) => a.position - b.position);
    let widest = 0;
    for (let index = 1; index < sorted.length; index += 1) {
      if (sorted[index].position - sorted[index - 1].position > sorted[widest + 1].position - sorted[widest].position) widest = index - 1;
    }
    sorted.splice(widest + 1, 0, { colour: sorted[widest].colour, position: (sorted[widest].position + sorted[widest + 1].position) / 2 });
    model.stops = sorted;
    draw();
    changed();
  });
  toggle.addEventListener("click", () => {
    const open = panel.hidden;
    if (open) {
      const text = current();
      // A gradient opens as it is; a colour (or nothing) as a gradient from it to purple,
      // which shows on a light page and on a dark one (white vanished on a white page).
      // Opening changes nothing: the field, the URL and the snippets follow the first
      // thing a person picks (issue 64).
      const first = text && !isGradient(text) ? text : "007aff";
      model = parseGradient(text, isColour) ?? { kind: "linear", angle: 90,
                                       stops: [{ colour: first, position: 0 }, { colour: first.toLowerCase() === "af52de" ? "007aff" : "af52de", position: 100 }] };
      if (!conic && model.kind === "conic") model.kind = "linear";
      draw();
    }
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  });
  return { toggle, panel, redraw: () => { if (model && !panel.hidden) draw(); } };
}
