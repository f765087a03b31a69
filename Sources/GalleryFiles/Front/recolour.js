// What an app's Lottie player sets to recolour every element of a spinner: the colours of
// each solid paint in the documents the service writes for the chosen settings, in the light
// and in the dark theme, grouped by where the paints are (a keypath) and which slots hold
// them. The colours come from the service's own documents, not from a copy of its rules
// here: arc's dots each take a point of a gradient, circular's puck and track differ.

/**
 * The solid paints (fills and strokes) of a Lottie document, precompositions followed:
 * [{keypath: "Spinner.Puck.Stroke", kind: "fill"|"stroke", slot: "puck" or "", hex: "rrggbb"}].
 * The colour is the slot's value where the paint has a slot, else its own. Gradients
 * (their colours are stops) are not solid paints. Pure.
 */
export function solidPaints(document) {
  const assets = new Map((document.assets || []).map((asset) => [asset.id, asset]));
  const slotColour = (property) => {
    const value = property?.sid ? document.slots?.[property.sid]?.p?.k : property?.k;
    return Array.isArray(value) && value.length >= 3 && value.every((n) => typeof n === "number") ? value : null;
  };
  const paints = [];
  const visitShapes = (items, path) => {
    for (const item of items || []) {
      if (item.ty === "gr") visitShapes(item.it, [...path, item.nm]);
      if (item.ty !== "fl" && item.ty !== "st") continue;
      const colour = slotColour(item.c);
      if (colour === null) continue;
      paints.push({ keypath: [...path, item.nm].join("."), kind: item.ty === "fl" ? "fill" : "stroke", slot: item.c.sid || "",
                    hex: colour.slice(0, 3).map((n) => Math.round(Math.min(1, Math.max(0, n)) * 255).toString(16).padStart(2, "0")).join("") });
    }
  };
  const visitLayers = (layers, path, depth) => {
    for (const layer of layers || []) {
      const here = [...path, layer.nm];
      if (layer.ty === 0 && assets.has(layer.refId) && depth < 8) visitLayers(assets.get(layer.refId).layers, here, depth + 1);
      visitShapes(layer.shapes, here);
    }
  };
  visitLayers(document.layers, [], 0);
  return paints;
}

/**
 * The recolouring of every solid paint from its light to its dark colour, by group:
 * [{keypath, fill, stroke, slots: [id, ...], light: "rrggbb", dark: "rrggbb"}]. One group
 * at the top layer ("Spinner") when every paint has the same colours (a wildcard below it
 * reaches them all); else one group a paint's parent (`Spinner.Puck`, `Spinner.Arc.Dot 3`).
 * `light` and `dark` are the paints of the same settings' two documents (solidPaints);
 * a paint missing from the dark one keeps its light colour. Pure.
 */
export function recolourGroups(light, dark) {
  const darkOf = new Map(dark.map((paint) => [paint.keypath, paint.hex]));
  const paints = light.map((paint) => ({ ...paint, dark: darkOf.get(paint.keypath) ?? paint.hex }));
  if (paints.length === 0) return [];
  const same = paints.every((paint) => paint.hex === paints[0].hex && paint.dark === paints[0].dark);
  const groups = new Map();
  for (const paint of paints) {
    const names = paint.keypath.split(".");
    const keypath = same ? names[0] : names.slice(0, -1).join(".");
    const group = groups.get(keypath) ?? { keypath, fill: false, stroke: false, slots: [], light: paint.hex, dark: paint.dark };
    group[paint.kind] = true;
    if (paint.slot && !group.slots.includes(paint.slot)) group.slots.push(paint.slot);
    groups.set(keypath, group);
  }
  return [...groups.values()];
}

/** `url` (absolute) with its theme set: the same settings' document in that theme. Pure. */
export function themed(url, theme) {
  const parsed = new URL(url);
  parsed.searchParams.set("theme", theme);
  return parsed.href;
}

// The documents' groups asked for: Lottie URL → groups, or a promise while asked, or null
// when the service did not answer.
const answers = new Map();

/** The groups for a Lottie URL once both documents are in; undefined while asked; null when one failed. */
export const recolouring = (url) => (Array.isArray(answers.get(url)) || answers.get(url) === null ? answers.get(url) : undefined);

/** Asks the service for the URL's documents in both themes, once; calls `then` when they are in. */
export async function askRecolouring(url, then) {
  if (!answers.has(url)) {
    const read = (theme) => fetch(themed(url, theme)).then((response) => (response.ok ? response.json() : Promise.reject(response.status)));
    answers.set(url, Promise.all([read("light"), read("dark")])
      .then(([light, dark]) => { answers.set(url, recolourGroups(solidPaints(light), solidPaints(dark))); })
      .catch(() => { answers.set(url, null); }));
  }
  const answer = answers.get(url);
  if (answer instanceof Promise) {
    await answer;
    then();
  }
}
