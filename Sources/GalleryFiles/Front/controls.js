// The playground's fields, built from the kind's parameters in the catalog: ranges, choices,
// text and colour fields with their swatches, hints, the matte's button, and the marks of a
// field the service refused.

import { resolveColour } from "./colour.js";
import { cssPaint, gradientEditor, isGradient } from "./gradient.js";
import { SPINNER } from "./paths.js";
import { $, make } from "./dom.js";
import { keeping } from "./problems.js";
import { DARK, LIGHT } from "./state.js";

// Each colour field's swatch painter, run again when the page or theme changes.
let painters = [];
// The pause after typing before the service is asked.
let typing = null;

/**
 * Builds the chosen kind's fields into their fieldsets (the catalog says which parameters
 * shape the spinner and which the file; the headings stay, only the fields are rebuilt).
 * `actions.update()` asks the service about the settings, `actions.setPage(hex, fromTheme)`
 * puts the stage on a page colour.
 */
export function buildControls(state, actions) {
  painters = [];
  const look = $("#look-fields"), output = $("#output-fields");
  look.replaceChildren();
  output.replaceChildren();
  for (const item of state.kind.parameters) (item.group === "output" ? output : look).append(control(state, item, actions));
  refreshApplicability(state);
}

// A value given: kept at once, sent to the service when typing pauses (250 ms).
function set(state, item, value, actions) {
  state.setValue(item.name, value);
  clearTimeout(typing);
  typing = setTimeout(() => actions.update(), 250);
}

function control(state, item, actions) {
  const id = "p-" + item.name;
  const field = make("div", { class: "field", "data-parameter": item.name });
  // A long name (trackdropshadow) is set smaller, to fit the label column whole.
  const label = make("label", { for: id, text: item.name, ...(item.name.length > 12 ? { class: "long" } : {}) });
  const current = item.name === "matte" ? (state.settings().matte ?? "") : (state.values[item.name] ?? item.default ?? "");
  const described = `${id}-error ${id}-hint`;
  let input, companion;
  if (item.type === "integer" || item.type === "number") {
    const step = item.type === "integer" ? "1" : (item.unit === "s" || item.maximum <= 1 ? "0.05" : "0.5");
    // Unset (its absence has a meaning: none, the style's), the slider rests at its origin.
    input = make("input", { id, type: "range", min: item.minimum, max: item.maximum, step, value: current === "" ? item.minimum : current,
                            "aria-describedby": described });
    // A number whose absence has its own meaning (a style's shadow) shows that meaning
    // until it is set.
    // Its placeholder says what its absence means when that fits the box (fitPlaceholders);
    // the hint says it whole.
    const absent = item.absent || "";
    companion = make("input", { type: "number", min: item.minimum, max: item.maximum, step: "any", value: current,
                                "data-placeholder": absent, title: absent, "aria-label": item.name + " value" });
    input.addEventListener("input", () => { companion.value = input.value; set(state, item, input.value, actions); });
    companion.addEventListener("input", () => { input.value = companion.value; set(state, item, companion.value, actions); });
  } else if (item.type === "color" || item.type === "paint" || item.type === "fill") {
    ({ input, companion } = colourControl(state, item, id, current, described, actions));
  } else if (item.enum) {
    input = make("select", { id, "aria-describedby": described }, item.enum.map((option) => make("option", { value: option, text: option })));
    input.value = current;
    input.addEventListener("change", () => {
      set(state, item, input.value, actions);
      // Choosing a light or dark theme puts the spinner on that page colour.
      if (item.name === "theme" && input.value !== "auto" && input.value !== state.pageTheme()) {
        actions.setPage(input.value === "dark" ? DARK : LIGHT, true);
      }
    });
    companion = make("span");
  } else {
    input = make("input", { id, type: "text", value: current, maxlength: String(item.maxLength || 120), "aria-describedby": described });
    input.addEventListener("input", () => set(state, item, input.value, actions));
    companion = make("span");
  }
  const range = item.minimum !== undefined && item.minimum !== null ? ` (${item.minimum}–${item.maximum}${item.unit ? " " + item.unit : ""})` : "";
  field.append(label, input, companion, make("div", { id: id + "-error", class: "field-error", hidden: "" }), hint(id, item.summary + range, item.name));
  // A paint (a colour or a gradient): the gradient editor beneath, its text the field's.
  if (item.type === "paint" || item.type === "fill") {
    const editor = gradientEditor({
      name: item.name, conic: item.type === "paint", current: () => input.value.trim(), systemColours: state.systemColours,
      theme: () => state.drawnTheme(),
      apply: (text) => { input.value = text; input.dispatchEvent(new Event("input")); },
    });
    painters.push(editor.redraw);
    field.append(make("div", { class: "extra" }, [editor.toggle]), editor.panel);
  }
  if (item.name === "matte") field.append(matteExtra(state, actions));
  if (item.name === "style" && item.enum) {
    // A small picture of each style, in the page's colour scheme; choosing one sets it.
    const pictures = item.enum.map((option) => {
      const button = make("button", { type: "button", class: "style-choice", title: option, "aria-label": "style " + option },
        [make("img", { src: `${SPINNER}${state.kind.name}.svg?style=${encodeURIComponent(option)}&size=28&theme=auto`,
                       alt: "", width: "28", height: "28" })]);
      button.addEventListener("click", () => { input.value = option; set(state, item, option, actions); });
      return button;
    });
    field.append(make("div", { class: "styles" }, pictures));
  }
  return field;
}

// A field's help: two lines at most, the rest behind a "more" toggle (fitHints decides
// whether it is needed at the width the field has).
function hint(id, text, name) {
  const more = make("button", { type: "button", class: "more", "aria-expanded": "false", "aria-controls": id + "-hint", text: "more",
                                "aria-label": "More about " + name });
  const box = make("div", { id: id + "-hint", class: "hint" }, [make("span", { class: "hint-text", text }), more]);
  more.addEventListener("click", () => {
    const open = box.classList.toggle("open");
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? "less" : "more";
    more.setAttribute("aria-label", (open ? "Less about " : "More about ") + name);
  });
  return box;
}

/**
 * Gives each field box the placeholder that fits it at the width it has now: what its
 * absence means (`data-placeholder`), else "default", else "…" (its title and hint say it whole).
 */
function fitPlaceholders() {
  const canvas = document.createElement("canvas").getContext("2d");
  for (const input of document.querySelectorAll("input[data-placeholder]")) {
    if (input.offsetParent === null) continue;
    const style = getComputedStyle(input);
    canvas.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const fits = (text) => canvas.measureText(text).width <= room;
    input.placeholder = [input.dataset.placeholder, "default", "…"].find((text) => text && fits(text)) || "";
  }
}

/** Shows each folded hint's "more" only where its text is cut at the width it has now, and fits the placeholders. */
export function fitHints() {
  fitPlaceholders();
  for (const box of document.querySelectorAll(".hint:not(.open)")) {
    const text = box.querySelector(".hint-text"), more = box.querySelector("button.more");
    more.hidden = true;  // measured at the full width first, so showing it never undoes itself
    more.hidden = !(text.scrollHeight > text.clientHeight + 1);
  }
}

// A colour field: the text as given, and a swatch showing the colour the service would
// draw (system colours resolved in the stage's theme), over a checkerboard only where it
// is transparent; the picker inside the swatch opens at that colour and edits it.
function colourControl(state, item, id, current, described, actions) {
  const clear = (text) => /^#?([0-9a-f]{3}0|[0-9a-f]{6}00)$/i.test(String(text));
  const input = make("input", { id, type: "text", value: clear(current) ? "transparent" : current, spellcheck: "false",
                                "data-placeholder": item.absent || (clear(item.default) ? "transparent" : item.default) || "",
                                title: item.absent || "", "aria-describedby": described });
  const picker = make("input", { type: "color", "aria-label": item.name + " picker" });
  const swatch = make("label", { class: "swatch", title: item.name }, [picker]);
  const paint = () => {
    const theme = state.drawnTheme();
    const given = input.value.trim() || item.default;
    // Not set and the style chooses (circular's color and track): the style's own
    // colours from the catalog, one or a gradient's stops, shown as the service draws them.
    const style = state.values.style ?? state.parameter("style")?.default;
    const styled = !given && item.styleDefaults && style ? item.styleDefaults[style] ?? null : null;
    const stops = styled ? styled.map((value) => resolveColour(value, theme, state.systemColours)).filter(Boolean) : [];
    const colour = given ? resolveColour(given, theme, state.systemColours) : stops[0] ?? null;
    const named = given || (styled ? `the ${style} style's ${styled.join(" → ")}` : "");
    swatch.classList.toggle("unset", !given && !colour);
    swatch.classList.toggle("see-through", !!colour && colour.alpha < 1);
    swatch.style.backgroundImage = stops.length > 1 ? `linear-gradient(90deg, ${stops.map((stop) => "#" + stop.hex).join(", ")})` : "";
    if (given && isGradient(given)) {
      // A gradient: the swatch shows it as CSS draws it (system colours in the stage's theme).
      const drawn = cssPaint(given, theme, state.systemColours);
      swatch.classList.remove("unset", "see-through");
      swatch.style.backgroundImage = drawn ?? "";
      swatch.style.removeProperty("--swatch");
      swatch.dataset.resolved = drawn ? "gradient" : "invalid";
      swatch.title = `${item.name}: ${given} (${theme} theme)`;
      return;
    }
    if (colour) {
      const alpha = Math.round(colour.alpha * 255);
      swatch.style.setProperty("--swatch", "#" + colour.hex + (alpha === 255 ? "" : alpha.toString(16).padStart(2, "0")));
      swatch.dataset.resolved = alpha === 0 ? "transparent" : "#" + colour.hex + (alpha === 255 ? "" : alpha.toString(16).padStart(2, "0"));
      swatch.title = `${item.name}: ${named}${named.replace(/^#/, "").toLowerCase() === colour.hex ? "" : " = #" + colour.hex}` +
        (alpha === 255 ? "" : alpha === 0 ? " (transparent)" : ` at ${Math.round(colour.alpha * 100)} % opacity`) + ` (${theme} theme)`;
      picker.value = "#" + (alpha === 0 ? state.page : colour.hex);
    } else {
      // Not set: the style (or kind) chooses; the picker starts at the theme's label colour.
      swatch.style.removeProperty("--swatch");
      swatch.dataset.resolved = given ? "invalid" : "unset";
      swatch.title = given ? `${item.name}: not a colour` : `${item.name}: not set (${item.absent || "the default"})`;
      picker.value = "#" + (state.systemColours.label ? state.systemColours.label[theme === "dark" ? 1 : 0] : "000000");
    }
  };
  picker.addEventListener("input", () => { input.value = picker.value.slice(1); paint(); set(state, item, input.value, actions); });
  input.addEventListener("input", () => { paint(); set(state, item, input.value, actions); });
  // A matte that follows the page shows the page's colour (or nothing: the default).
  if (item.name === "matte") painters.push(() => { if (state.matteFollowsPage) input.value = state.settings().matte ?? ""; });
  painters.push(paint);
  paint();
  return { input, companion: make("span", { class: "colour" }, [swatch]) };
}

// GIF has 1-bit alpha: its edges are blended into one page colour (matte). By default the
// matte follows the stage's page colour; a matte set by hand stops that until this is pressed.
function matteExtra(state, actions) {
  const button = make("button", { type: "button", class: "action", id: "matte-page", text: "Blend edges into the page colour" });
  button.addEventListener("click", () => {
    state.followPageMatte();
    actions.update();
  });
  return make("div", { class: "extra" }, [button, make("span", { class: "reason", id: "matte-page-reason" })]);
}

/** Paints every colour field's swatch again (the page or the theme changed). */
export function refreshColours() {
  for (const paint of painters) paint();
}

/** Shows the theme field (if the kind has one) at the theme chosen. */
export function showTheme(state) {
  const select = document.getElementById("p-theme");
  if (select) select.value = state.values.theme;
}

/**
 * Hides the fields that do nothing for this format; disables the controls that would change
 * nothing on this stage and says why.
 */
export function refreshApplicability(state) {
  for (const field of document.querySelectorAll("[data-parameter]")) {
    field.hidden = !state.applies(state.parameter(field.dataset.parameter));
  }
  // A group with no field that applies (Output, for Lottie) is hidden with its heading.
  for (const group of document.querySelectorAll("#controls, #output-controls")) {
    const fields = [...group.querySelectorAll("[data-parameter]")];
    group.hidden = fields.length > 0 && fields.every((field) => field.hidden);
  }
  const themes = document.getElementById("p-theme");
  if (themes) {
    const auto = themes.querySelector("option[value=auto]");
    auto.disabled = state.format !== "svg";
    auto.textContent = state.format === "svg" ? "auto" : "auto (SVG only: a picture draws it light)";
  }
  const button = document.getElementById("matte-page");
  if (button) {
    const values = state.settings(), theme = state.drawnTheme(values);
    const matte = resolveColour(values.matte ?? state.parameter("matte").default, theme, state.systemColours);
    const same = !!matte && matte.alpha === 1 && matte.hex === state.page;
    button.disabled = same;
    $("#matte-page-reason").textContent = !same ? `The matte is not this page's colour (#${state.page}).`
      : values.matte === undefined ? `Nothing to do: the default matte (systemBackground) is this page's colour, #${state.page}, in the ${theme} theme.`
      : `Nothing to do: the edges blend into this page's colour, #${state.page}.`;
  }
  fitHints();
}

/**
 * Marks the field the service named (`name`, or none when null), with the reason beside
 * it; returns false when no field shown is named.
 */
export function markInvalid(state, name, message) {
  let shown = false;
  for (const field of document.querySelectorAll("[data-parameter]")) {
    const invalid = field.dataset.parameter === name && !field.hidden;
    shown ||= invalid;
    field.classList.toggle("invalid", invalid);
    const input = field.querySelector("input[id], select[id]");
    if (input) input.setAttribute("aria-invalid", String(invalid));
    const error = field.querySelector(".field-error");
    error.hidden = !invalid;
    error.replaceChildren(...(invalid ? [make("span", { class: "reason", text: message }), " ", make("span", { class: "keeping", text: keeping(state.accepted) })] : []));
  }
  return shown;
}
