// Gradients in the playground: reading a paint value (a colour or a CSS gradient) into
// the editor's model, writing the model back as the short form the service reads, showing
// any paint as CSS draws it (system colours resolved in a theme), and the editor itself:
// kind, angle, stops to add, drag and recolour, and presets, the seed's nineties among them.

import { resolveColour } from "./colour.js";
import { make } from "./dom.js";

/** The most stops the service takes (GradientValue.maximumStops). */
export const MAXIMUM_STOPS = 8;

/** Presets: each a paint value, written as the service reads it. */
export const PRESETS = [
  // The CircularSpinner package's nineties puck: purple at the trailing end's side, red at the short puck.
  { name: "nineties", value: "linear-gradient(0deg,systemPurple,systemRed)" },
  { name: "rainbow", value: "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)" },
  { name: "comet", value: "conic-gradient(transparent,systemBlue)" },
  { name: "sunset", value: "linear-gradient(90deg,ff2d55,ff9500)" },
  { name: "glow", value: "radial-gradient(ffffff 40%,systemTeal)" },
];

/** Whether `text` is written as a gradient function. */
export const isGradient = (text) => /^\s*[a-z-]*gradient\s*\(/i.test(String(text ?? ""));

// `text` cut at `separator` outside parentheses, each part trimmed.
function topLevel(text, separator) {
  const parts = [];
  let depth = 0, current = "";
  for (const character of text) {
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    if (character === separator && depth === 0) { parts.push(current.trim()); current = ""; } else current += character;
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== "");
}

/**
 * A gradient value read into the editor's model {kind, angle, stops: [{colour, position}]}
 * (positions 0…100; angles in degrees), or null when it is not one the editor can hold
 * (the field keeps the text; the service says what is wrong with it).
 */
export function parseGradient(text) {
  const match = /^\s*(linear|radial|conic)-gradient\s*\((.*)\)\s*$/i.exec(String(text ?? ""));
  if (!match) return null;
  const kind = match[1].toLowerCase(), parts = topLevel(match[2], ",");
  let angle = kind === "linear" ? 180 : 0;
  const first = (parts[0] ?? "").toLowerCase();
  const sides = { "to top": 0, "to right": 90, "to bottom": 180, "to left": 270 };
  const units = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
  const angleOf = (word) => {
    const found = /^(-?[\d.]+)(deg|grad|rad|turn)$/.exec(word);
    return found ? Number(found[1]) * units[found[2]] : null;
  };
  if (kind === "linear" && (sides[first] !== undefined || angleOf(first) !== null)) {
    angle = sides[first] ?? angleOf(first);
    parts.shift();
  } else if (kind === "conic" && /^(from|at)\b/.test(first)) {
    angle = angleOf(first.split(/\s+/)[1] ?? "") ?? 0;
    parts.shift();
  } else if (kind === "radial" && /(circle|ellipse|closest|farthest|\bat\b|%\s+[\d.]+%)/.test(first) && !/^[#a-z]/.test(first.replace(/^(circle|ellipse|closest|farthest|at)\b.*/, ""))) {
    parts.shift();  // the editor draws radial gradients from the centre
  }
  const stops = parts.map((part) => {
    const words = topLevel(part, " ");
    const place = (words[1] ?? "").endsWith("%") ? Number(words[1].slice(0, -1)) : (angleOf(words[1] ?? "") ?? NaN) / 3.6;
    return { colour: words[0], position: Number.isFinite(place) ? place : null };
  });
  if (stops.length < 2) return null;
  // Unplaced stops spread evenly, as CSS places them.
  stops[0].position ??= 0;
  stops[stops.length - 1].position ??= 100;
  for (let index = 1; index < stops.length - 1; index += 1) {
    if (stops[index].position !== null) continue;
    let next = index;
    while (stops[next].position === null) next += 1;
    const before = stops[index - 1].position, after = stops[next].position;
    for (let gap = index; gap < next; gap += 1) stops[gap].position = before + ((after - before) * (gap - index + 1)) / (next - index + 1);
  }
  return { kind, angle: ((Math.round(angle) % 360) + 360) % 360, stops };
}

/** The model written as the service reads it: short, positions only where they are not even. */
export function writeGradient(model) {
  const stops = [...model.stops].sort((a, b) => a.position - b.position);
  const even = stops.every((stop, index) => Math.abs(stop.position - (100 * index) / (stops.length - 1)) < 0.01);
  const written = stops.map((stop) => String(stop.colour).replace(/^#/, "") + (even ? "" : ` ${Math.round(stop.position * 100) / 100}%`));
  const prelude = model.kind === "linear" ? (model.angle === 180 ? [] : [`${model.angle}deg`])
    : model.kind === "conic" && model.angle !== 0 ? [`from ${model.angle}deg`] : [];
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
    button.addEventListener("click", () => { model = parseGradient(preset.value); draw(); changed(); });
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
      // A colour opens as a gradient from it to white; a gradient as it is.
      model = parseGradient(text) ?? { kind: "linear", angle: 90,
                                       stops: [{ colour: text && !isGradient(text) ? text : "007aff", position: 0 }, { colour: "ffffff", position: 100 }] };
      if (!conic && model.kind === "conic") model.kind = "linear";
      draw();
      if (!isGradient(text)) changed();
    }
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  });
  return { toggle, panel, redraw: () => { if (model && !panel.hidden) draw(); } };
}
