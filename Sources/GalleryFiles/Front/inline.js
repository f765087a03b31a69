// The inline SVG snippet: zero requests, its colour `currentColor`, so it follows the page's
// text colour and its dark mode by itself (as SpinKit's CSS spinners do). Made from the
// service's own SVG for the same settings drawn in a sentinel colour, which becomes
// currentColor; its names (keyframes, classes, ids, custom properties) get a prefix of
// their own and its style is scoped to it, so that spinners inlined side by side on one
// page keep their own shapes and timing.

/** The colour the SVG is asked in, to be replaced by currentColor. Nothing else draws it. */
export const SENTINEL = "010203";

/**
 * Whether the kind's look is one colour, so that currentColor can carry it: activity and
 * capsules; circular in its default (hierarchy) style without shadows, its track the same
 * colour at 60 % (secondaryLabel's share of label). Not dots (a rainbow) nor arc (a
 * gradient from its colour to its track).
 */
export function inlineApplies(state) {
  const values = state.settings();
  if (state.kind.name === "activity" || state.kind.name === "capsules") return true;
  return state.kind.name === "circular" && (values.style ?? "hierarchy") === "hierarchy"
    && !Number(values.shadow ?? 0) && !Number(values.trackshadow ?? 0);
}

/** The settings to ask the SVG in: the chosen ones in the sentinel colour, light, no background. */
export function inlineSettings(state) {
  const values = { ...state.settings(), color: SENTINEL, theme: "light", background: "transparent" };
  if (state.kind.name === "circular") values.track = SENTINEL + "99";
  return values;
}

/** A short prefix of its own for a spinner's names, from its URL ("sp" and 6 base-36 digits). Pure. */
export function prefixOf(url) {
  let hash = 2166136261;
  for (const char of url) hash = Math.imul(hash ^ char.codePointAt(0), 16777619) >>> 0;
  return "sp" + hash.toString(36).padStart(7, "0").slice(-6);
}

// The names the SVG engine writes: keyframes k0…, classes a0…, ids u0… (reused shapes),
// g0… (gradients), m0… (masks), f0… (filters); never after "#" in CSS (a colour) nor
// inside a longer word.
const NAME = /(?<![\w#-])([kaugmf]\d+)(?![\w-])/g;

/**
 * The SVG text (drawn in SENTINEL) as inline markup: the sentinel is currentColor, every
 * name is `prefix-name`, the style applies to this <svg> only (class `prefix`), and it is a
 * status for assistive technology, labelled "Loading". Pure.
 */
export function inlineMarkup(text, prefix) {
  const rename = (part) => part.replace(NAME, `${prefix}-$1`);
  return text
    .replaceAll("#" + SENTINEL, "currentColor")
    .replace(/--e(\d+)/g, `--${prefix}-e$1`)
    .replace(/<style>([\s\S]*?)<\/style>/, (_, css) => `<style>${rename(css).replace(/(^|[{}])svg\{/g, `$1.${prefix}{`)}</style>`)
    .replace(/ (class|id|style)="([^"]*)"/g, (_, name, value) => ` ${name}="${rename(value)}"`)
    .replace(/href="#([^"]+)"/g, (_, id) => `href="#${prefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id) => `url(#${prefix}-${id})`)
    .replace(/^<svg /, `<svg class="${prefix}" `)
    .replace(/ role="img"/, ` role="status" aria-label="Loading"`);
}
