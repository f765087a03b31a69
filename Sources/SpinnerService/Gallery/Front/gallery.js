"use strict";
(async function () {
  const $ = (selector) => document.querySelector(selector);
  const make = (tag, attributes = {}, children = []) => {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "text") element.textContent = value; else element.setAttribute(key, value);
    }
    for (const child of children) element.append(child);
    return element;
  };
  const status = (text) => { $("#status").textContent = text; };
  let catalog;
  try {
    catalog = await (await fetch("/spinners")).json();
  } catch (error) {
    status("The catalog could not be loaded.");
    return;
  }
  const formats = catalog.formats.map((format) => format.name);
  const formatByName = (name) => catalog.formats.find((format) => format.name === name);
  const rasterFormats = catalog.formats.filter((format) => format.efforts.length > 0).map((format) => format.name);
  // The page colour (hex, no #) is the stage's: Light and Dark are the iOS page colours
  // (systemBackground), any other is the designer's own page.
  const state = { kind: null, format: "svg", values: {}, page: "ffffff", matteFollowsPage: true, sizes: {} };
  const LIGHT = "ffffff", DARK = "000000";

  // The iOS system colours, light and dark, as the service resolves them (the catalog's own
  // table): {name or alias (lower case): [light hex, dark hex]}.
  const systemColours = Object.fromEntries((catalog.systemColors || []).flatMap((colour) =>
    [colour.name, ...colour.aliases].map((name) => [name.toLowerCase(), [colour.light, colour.dark]])));

  // The grid: every kind, live, from the service itself, in the page's colour scheme
  // (theme=auto SVGs follow prefers-color-scheme).
  for (const kind of catalog.kinds) {
    const image = make("img", { src: kind.url + "?theme=auto", alt: "", width: "96", height: "96", "data-kind": kind.name });
    const button = make("button", { type: "button", class: "kind", "aria-pressed": "false", "data-kind": kind.name },
                        [image, make("span", { text: kind.name })]);
    button.addEventListener("click", () => select(kind.name, {}));
    $("#kinds").append(make("li", {}, [button]));
  }

  const kindByName = (name) => catalog.kinds.find((kind) => kind.name === name);
  const parameter = (name) => state.kind.parameters.find((item) => item.name === name);
  const applies = (item) => item.formats.includes(state.format);

  // Colours ------------------------------------------------------------------------------

  // WCAG relative luminance of a hex colour.
  function luminance(hex) {
    const linear = (index) => {
      const value = parseInt(hex.slice(index, index + 2), 16) / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(0) + 0.7152 * linear(2) + 0.0722 * linear(4);
  }
  // The theme a page colour wants: dark when white text would contrast more than black
  // (luminance below 0.179, where the two ratios meet).
  const themeForPage = (hex) => (luminance(hex) < 0.179 ? "dark" : "light");
  const pageTheme = () => themeForPage(state.page);
  // The theme the spinner is drawn in: `auto` follows the viewer's scheme (SVG only).
  function drawnTheme(values = state.values) {
    const theme = values.theme ?? parameter("theme")?.default ?? "light";
    if (theme === "auto") return state.format === "svg" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    return theme;
  }

  // A colour as the service reads it, resolved in `theme`: {hex: "rrggbb", alpha: 0…1}, or
  // null when it is not a colour. System names come from the service's table; hex,
  // transparent/none and CSS names and functions as CSS reads them.
  const canvas = document.createElement("canvas").getContext("2d");
  function resolveColour(value, theme) {
    const text = String(value ?? "").trim().replace(/^#/, "").toLowerCase();
    if (text === "") return null;
    if (text === "transparent" || text === "none") return { hex: "000000", alpha: 0 };
    if (systemColours[text]) return fromHex(systemColours[text][theme === "dark" ? 1 : 0]);
    if (/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(text)) return fromHex(text);
    if (!CSS.supports("color", text)) return null;
    canvas.fillStyle = "#000"; canvas.fillStyle = text;
    const first = canvas.fillStyle;
    canvas.fillStyle = "#fff"; canvas.fillStyle = text;
    if (canvas.fillStyle !== first) return null;
    if (first.startsWith("#")) return fromHex(first.slice(1));
    const parts = first.slice(first.indexOf("(") + 1, -1).split(",").map(Number);
    return { hex: parts.slice(0, 3).map((n) => n.toString(16).padStart(2, "0")).join(""), alpha: parts[3] ?? 1 };
  }
  function fromHex(text) {
    const digits = text.length <= 4 ? text.split("").map((c) => c + c).join("") : text;
    return { hex: digits.slice(0, 6), alpha: digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1 };
  }

  // The matte a GIF gets when it follows the page: the page colour, or nothing when the
  // theme's own default (systemBackground: white, black when dark) is that colour already.
  function pageMatte(theme) {
    const fallback = resolveColour(parameter("matte")?.default, theme);
    return fallback && fallback.alpha === 1 && fallback.hex === state.page ? undefined : state.page;
  }

  // The settings as sent: the GIF matte follows the page unless the designer set one.
  function settings(overrides = {}) {
    const values = { ...state.values, ...overrides };
    if (state.matteFollowsPage && parameter("matte")) {
      delete values.matte;
      const theme = values.theme === "dark" ? "dark" : "light";
      // Only the theme of this page knows its colour; the other theme's page is its own.
      const matte = theme === pageTheme() ? pageMatte(theme) : undefined;
      if (matte) values.matte = matte;
    }
    return values;
  }

  // The form --------------------------------------------------------------------------------

  function select(name, values) {
    const kind = kindByName(name) || catalog.kinds[0];
    state.kind = kind;
    // On a dark page a new kind starts dark too.
    if (values.theme === undefined && pageTheme() === "dark") values.theme = "dark";
    state.matteFollowsPage = values.matte === undefined || String(values.matte).toLowerCase().replace(/^#/, "") === state.page;
    if (state.matteFollowsPage) delete values.matte;
    state.values = values;
    for (const button of document.querySelectorAll(".kind")) {
      button.setAttribute("aria-pressed", String(button.dataset.kind === kind.name));
    }
    $("#playground-title").textContent = "Playground: " + kind.name;
    $("#summary").textContent = kind.summary;
    buildControls();
    update();
  }

  // Each colour field's swatch painter, run again when the page or theme changes.
  let painters = [];

  function buildControls() {
    painters = [];
    // The catalog says which parameters shape the spinner and which the file; the
    // fieldsets' headings stay, only their fields are rebuilt.
    const look = $("#look-fields"), output = $("#output-fields");
    look.replaceChildren();
    output.replaceChildren();
    for (const item of state.kind.parameters) (item.group === "output" ? output : look).append(control(item));
    refreshApplicability();
  }

  function control(item) {
    const id = "p-" + item.name;
    const field = make("div", { class: "field", "data-parameter": item.name });
    const label = make("label", { for: id, text: item.name });
    const current = item.name === "matte" ? (settings().matte ?? "") : (state.values[item.name] ?? item.default ?? "");
    const described = `${id}-error ${id}-hint`;
    let input, companion;
    if (item.type === "integer" || item.type === "number") {
      const step = item.type === "integer" ? "1" : (item.unit === "s" ? "0.05" : "0.5");
      input = make("input", { id, type: "range", min: item.minimum, max: item.maximum, step, value: current, "aria-describedby": described });
      // A number whose absence has its own meaning (a style's shadow) shows that meaning
      // until it is set.
      companion = make("input", { type: "number", min: item.minimum, max: item.maximum, step: "any", value: current,
                                  placeholder: item.absent || "", "aria-label": item.name + " value" });
      input.addEventListener("input", () => { companion.value = input.value; set(item, input.value); });
      companion.addEventListener("input", () => { input.value = companion.value; set(item, companion.value); });
    } else if (item.type === "color") {
      ({ input, companion } = colourControl(item, id, current, described));
    } else if (item.enum) {
      input = make("select", { id, "aria-describedby": described }, item.enum.map((option) => make("option", { value: option, text: option })));
      input.value = current;
      input.addEventListener("change", () => {
        set(item, input.value);
        // Choosing a light or dark theme puts the spinner on that page colour.
        if (item.name === "theme" && input.value !== "auto" && input.value !== pageTheme()) {
          setPage(input.value === "dark" ? DARK : LIGHT, true);
        }
      });
      companion = make("span");
    } else {
      input = make("input", { id, type: "text", value: current, maxlength: String(item.maxLength || 120), "aria-describedby": described });
      input.addEventListener("input", () => set(item, input.value));
      companion = make("span");
    }
    const range = item.minimum !== undefined && item.minimum !== null ? ` (${item.minimum}–${item.maximum}${item.unit ? " " + item.unit : ""})` : "";
    field.append(label, input, companion, make("div", { id: id + "-error", class: "field-error", hidden: "" }), hint(id, item.summary + range, item.name));
    if (item.name === "matte") field.append(matteExtra());
    if (item.name === "style" && item.enum) {
      // A small picture of each style, in the page's colour scheme; choosing one sets it.
      const pictures = item.enum.map((option) => {
        const button = make("button", { type: "button", class: "style-choice", title: option, "aria-label": "style " + option },
          [make("img", { src: `/spinner/${state.kind.name}.svg?style=${encodeURIComponent(option)}&size=28&theme=auto`,
                         alt: "", width: "28", height: "28" })]);
        button.addEventListener("click", () => { input.value = option; set(item, option); });
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

  function fitHints() {
    for (const box of document.querySelectorAll(".hint:not(.open)")) {
      const text = box.querySelector(".hint-text"), more = box.querySelector("button.more");
      more.hidden = true;  // measured at the full width first, so showing it never undoes itself
      more.hidden = !(text.scrollHeight > text.clientHeight + 1);
    }
  }
  let resizing = null;
  addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(() => { fitHints(); fitSnippets(); showScale(); }, 100); });

  // A colour field: the text as given, and a swatch showing the colour the service would
  // draw (system colours resolved in the stage's theme), over a checkerboard only where it
  // is transparent; the picker inside the swatch opens at that colour and edits it.
  function colourControl(item, id, current, described) {
    const clear = (text) => /^#?([0-9a-f]{3}0|[0-9a-f]{6}00)$/i.test(String(text));
    const input = make("input", { id, type: "text", value: clear(current) ? "transparent" : current, spellcheck: "false",
                                  placeholder: item.absent || (clear(item.default) ? "transparent" : item.default) || "",
                                  "aria-describedby": described });
    const picker = make("input", { type: "color", "aria-label": item.name + " picker" });
    const swatch = make("label", { class: "swatch", title: item.name }, [picker]);
    const paint = () => {
      const theme = drawnTheme();
      const given = input.value.trim() || item.default;
      // Not set and the style chooses (circular's color and track): the style's own
      // colours from the catalog, one or a gradient's stops, shown as the service draws them.
      const style = state.values.style ?? parameter("style")?.default;
      const styled = !given && item.styleDefaults && style ? item.styleDefaults[style] ?? null : null;
      const stops = styled ? styled.map((value) => resolveColour(value, theme)).filter(Boolean) : [];
      const colour = given ? resolveColour(given, theme) : stops[0] ?? null;
      const named = given || (styled ? `the ${style} style's ${styled.join(" → ")}` : "");
      swatch.classList.toggle("unset", !given && !colour);
      swatch.classList.toggle("see-through", !!colour && colour.alpha < 1);
      swatch.style.backgroundImage = stops.length > 1 ? `linear-gradient(90deg, ${stops.map((stop) => "#" + stop.hex).join(", ")})` : "";
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
        picker.value = "#" + (systemColours.label ? systemColours.label[theme === "dark" ? 1 : 0] : "000000");
      }
    };
    picker.addEventListener("input", () => { input.value = picker.value.slice(1); paint(); set(item, input.value); });
    input.addEventListener("input", () => { paint(); set(item, input.value); });
    // A matte that follows the page shows the page's colour (or nothing: the default).
    if (item.name === "matte") painters.push(() => { if (state.matteFollowsPage) input.value = settings().matte ?? ""; });
    painters.push(paint);
    paint();
    return { input, companion: make("span", { class: "colour" }, [swatch]) };
  }

  // GIF has 1-bit alpha: its edges are blended into one page colour (matte). By default the
  // matte follows the stage's page colour; a matte set by hand stops that until this is pressed.
  function matteExtra() {
    const button = make("button", { type: "button", class: "action", id: "matte-page", text: "Blend edges into the page colour" });
    button.addEventListener("click", () => {
      state.matteFollowsPage = true;
      delete state.values.matte;
      update();
    });
    return make("div", { class: "extra" }, [button, make("span", { class: "reason", id: "matte-page-reason" })]);
  }

  function refreshColours() {
    for (const paint of painters) paint();
  }

  let timer = null;
  function set(item, value) {
    if (item.name === "matte") state.matteFollowsPage = false;
    state.values[item.name] = value;
    clearTimeout(timer);
    timer = setTimeout(() => update(), 250);
  }

  // Fields that do nothing for this format are hidden; controls that would change nothing
  // on this stage are disabled and say why.
  function refreshApplicability() {
    for (const field of document.querySelectorAll("[data-parameter]")) {
      field.hidden = !applies(parameter(field.dataset.parameter));
    }
    const themes = document.getElementById("p-theme");
    if (themes) {
      const auto = themes.querySelector("option[value=auto]");
      auto.disabled = state.format !== "svg";
      auto.textContent = state.format === "svg" ? "auto" : "auto (SVG only: a picture draws it light)";
    }
    const button = document.getElementById("matte-page");
    if (button) {
      const values = settings(), theme = drawnTheme(values);
      const matte = resolveColour(values.matte ?? parameter("matte").default, theme);
      const same = !!matte && matte.alpha === 1 && matte.hex === state.page;
      button.disabled = same;
      $("#matte-page-reason").textContent = !same ? `The matte is not this page's colour (#${state.page}).`
        : values.matte === undefined ? `Nothing to do: the default matte (systemBackground) is this page's colour, #${state.page}, in the ${theme} theme.`
        : `Nothing to do: the edges blend into this page's colour, #${state.page}.`;
    }
    fitHints();
  }

  // URLs ------------------------------------------------------------------------------------

  // The query of some settings: only values that apply and differ from the default.
  function query(format, values = settings()) {
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

  const imageURL = (format, values) => `/spinner/${state.kind.name}.${formatByName(format).extension}${query(format, values)}`;
  // No Lottie player here: a Lottie choice previews the same settings as SVG (every
  // parameter that applies to Lottie applies to SVG).
  const previewURL = () => state.format === "lottie"
    ? `/spinner/${state.kind.name}.${formatByName("svg").extension}${query("lottie")}` : imageURL(state.format);
  const absolute = (path) => new URL(path, location.href).href;
  const shownSize = () => Number(state.values.size ?? parameter("size").default);

  // The settings changed: ask the service first (HEAD), and only a URL it accepts
  // reaches the preview, the address bar, the download and the snippets; a refused one
  // leaves them on the last accepted URL and the field the service names says why.
  function update() {
    refreshColours();
    refreshApplicability();
    measure(imageURL(state.format));
  }

  function apply(path) {
    state.accepted = path;
    const download = $("#download");
    download.href = path;
    download.download = `${state.kind.name}.${formatByName(state.format).extension}`;
    writeStageNote();
    const preview = $("#preview");
    const shown = previewURL();
    $("#preview-note").hidden = state.format !== "lottie";
    preview.hidden = false;
    preview.width = shownSize();
    preview.height = shownSize();
    if (preview.getAttribute("src") !== shown) preview.src = shown;
    preview.alt = state.kind.name + " spinner preview";
    showScale();
    const page = new URLSearchParams(query(state.format).slice(1));
    page.set("kind", state.kind.name);
    page.set("format", state.format);
    page.set("page", state.page);
    history.replaceState(null, "", "?" + page.toString());
    writeSnippets(path);
  }

  // What the stage's page means for what is copied.
  function writeStageNote() {
    const values = settings(), theme = values.theme ?? "light";
    const named = state.page === LIGHT ? "White page" : state.page === DARK ? "Dark page" : `Page #${state.page} (${pageTheme()})`;
    const matte = state.format === "gif" ? (values.matte ? ` A GIF's edges blend into it (matte=${values.matte}).`
      : ` A GIF's edges blend into it (the default matte is ${pageTheme() === "dark" ? "black" : "white"} in this theme).`) : "";
    const note = $("#stage-note");
    note.hidden = state.page === LIGHT && theme !== "dark";
    note.textContent = `${named}: the preview, the download and the snippets use theme=${theme}` +
      (theme === "dark" ? ", the iOS dark colours." : ".") + matte;
  }

  // On a small screen the spinner is shrunk to fit the stage: say by how much.
  function showScale() {
    const preview = $("#preview"), size = shownSize();
    const shown = preview.getBoundingClientRect().width;
    $("#shown-scale").textContent = shown > 0 && shown < size - 0.5 ? `shown at ${Math.round((shown / size) * 100)} %` : "";
  }
  $("#preview").addEventListener("load", showScale);

  // Errors ----------------------------------------------------------------------------------

  // Why the service refused, in words for the field: a budget refusal says how large the
  // spinner may be at these settings (largest_size) or how fast (highest_fps) when the
  // service says so, else its own sentence.
  function reasonOf(problem) {
    if (!problem) return "the service refused these settings";
    if (problem.title === "Render budget exceeded") {
      if (Number.isInteger(problem.largest_size) && problem.largest_size > 0) {
        return `over the render budget: at most ${problem.largest_size} px at this speed`;
      }
      if (Number.isInteger(problem.highest_fps) && problem.highest_fps > 0) {
        return `over the render budget: at most ${problem.highest_fps} fps at this size`;
      }
      const detail = problem.detail || problem.accepted || "";
      return "over the render budget: " + detail.charAt(0).toLowerCase() + detail.slice(1);
    }
    return problem.detail || problem.title || "the service refused these settings";
  }
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

  async function problemOf(path) {
    try {
      return await (await fetch(path)).json();
    } catch (error) {
      return null;
    }
  }

  // Marks the field the service named (or none), with the reason beside it; false when no
  // field shown is named.
  // Opened on a refused address, nothing was accepted yet: no preview rather than a broken image.
  const keeping = () => state.accepted ? "The preview and the snippets keep the last settings the service accepted."
    : "Nothing is previewed or copied until the service accepts the settings.";
  function markInvalid(name, message) {
    let shown = false;
    for (const field of document.querySelectorAll("[data-parameter]")) {
      const invalid = field.dataset.parameter === name && !field.hidden;
      shown ||= invalid;
      field.classList.toggle("invalid", invalid);
      const input = field.querySelector("input[id], select[id]");
      if (input) input.setAttribute("aria-invalid", String(invalid));
      const error = field.querySelector(".field-error");
      error.hidden = !invalid;
      error.replaceChildren(...(invalid ? [make("span", { class: "reason", text: message }), " ", make("span", { class: "keeping", text: keeping() })] : []));
    }
    return shown;
  }

  // Snippets --------------------------------------------------------------------------------

  function writeSnippets(path) {
    const url = absolute(path);
    const size = shownSize();
    $("#snippet-url").value = url;
    $("#snippet-html").value = `<img src="${url}" width="${size}" height="${size}" alt="Loading">`;
    $("#snippet-markdown").value = `![Loading](${url})`;
    $("#snippet-picture").value = picture(url, size);
    const still = formatByName(state.format).animated ? "still image for reduced motion" : "";
    const follows = rasterFormats.includes(state.format) ? "dark OS scheme" : "";
    const pictureLabel = `Picture (${[follows, still].filter(Boolean).join("; ")})`;
    $("label[for=snippet-picture]").textContent = pictureLabel;
    $("button[data-target=snippet-picture]").dataset.label = pictureLabel;
    // A Lottie document is for a Lottie player, not an <img>: the apps' snippets instead.
    const lottie = state.format === "lottie";
    for (const name of ["html", "markdown", "picture"]) $("#use-" + name).hidden = lottie;
    for (const name of ["ios", "android", "flutter", "react-native", "web", "dotlottie"]) $("#use-" + name).hidden = !lottie;
    writeLottieSnippets(url, size);
    fitSnippets();
  }

  // The <picture>: for a raster format, a dark source (theme=dark) for sites that follow
  // the OS's colour scheme ahead of the light picture, each with its still for reduced
  // motion; for GIF or APNG a WebP first when it is no larger for these settings (measured
  // below): every current browser takes the first source it can show, so a larger WebP
  // first would cost bytes. WebP has full alpha on any page.
  function picture(url, size) {
    const format = state.format, raster = rasterFormats.includes(format);
    const img = (src) => `  <img src="${src}" width="${size}" height="${size}" alt="Loading">\n`;
    const source = (media, srcset, type) => `  <source${media ? ` media="${media}"` : ""}${type ? ` type="${type}"` : ""} srcset="${srcset}">\n`;
    const reduce = "(prefers-reduced-motion: reduce)", dark = "(prefers-color-scheme: dark)";
    const animated = formatByName(format).animated;
    if (!raster) {
      return "<picture>\n" + source(reduce, absolute(imageURL("png"))) + img(url) + "</picture>";
    }
    const light = settings({ theme: "light" }), night = settings({ theme: "dark" });
    const sizes = state.sizes[query("webp")] || {};
    const offerWebP = (format === "gif" || format === "apng")
      && sizes.webp !== undefined && sizes[format] !== undefined && sizes.webp <= sizes[format];
    let text = "<picture>\n";
    if (animated) {
      text += source(`${reduce} and ${dark}`, absolute(imageURL("png", night)));
      text += source(reduce, absolute(imageURL("png", light)));
    }
    if (offerWebP) text += source(dark, absolute(imageURL("webp", night)), "image/webp");
    text += source(dark, absolute(imageURL(format, night)));
    if (offerWebP) text += source("", absolute(imageURL("webp", light)), "image/webp");
    return text + img(absolute(imageURL(format, light))) + "</picture>";
  }

  // Each snippet box as tall as its text (wrapped at the box's width): nothing is cut.
  function fitSnippets() {
    for (const box of document.querySelectorAll(".snippet textarea")) {
      if (box.offsetParent === null) continue;
      box.style.height = "auto";
      box.style.height = box.scrollHeight + box.offsetHeight - box.clientHeight + "px";
    }
  }

  function writeLottieSnippets(url, size) {
    // Each app snippet plays the URL and recolours one paint, the kind's first with a
    // slot (circular's puck): by its keypath where the player takes keypaths, by its
    // slot where it reads slots. Pink is systemPink, #FF2D55.
    const paint = (state.kind.lottie.paints || []).find((item) => item.slot) || { keypath: "Spinner", paint: "fill", slot: "" };
    const names = paint.keypath.split(".");
    const fill = paint.paint === "fill";
    const pinkSlot = `{ "${paint.slot}": { p: { a: 0, k: [1, 0.1765, 0.3333, 1] } } }`;
    $("#snippet-ios").value = `LottieView { await LottieAnimation.loadedFrom(url: URL(string: "${url}")!) }\n` +
      `  .looping()\n` +
      `  .valueProvider(ColorValueProvider(UIColor.systemPink.lottieColorValue),\n` +
      `                 for: AnimationKeypath(keypath: "${paint.keypath}.Color"))\n` +
      `  .frame(width: ${size}, height: ${size})`;
    $("#snippet-android").value = `val composition by rememberLottieComposition(\n` +
      `  LottieCompositionSpec.Url("${url}"))\n` +
      `val colours = rememberLottieDynamicProperties(rememberLottieDynamicProperty(\n` +
      `  LottieProperty.${fill ? "COLOR" : "STROKE_COLOR"}, android.graphics.Color.rgb(255, 45, 85), ` +
      `${names.map((name) => JSON.stringify(name)).join(", ")}))\n` +
      `LottieAnimation(composition, iterations = LottieConstants.IterateForever,\n` +
      `  dynamicProperties = colours, modifier = Modifier.size(${size}.dp))`;
    $("#snippet-flutter").value = `Lottie.network('${url}', width: ${size}, height: ${size},\n` +
      `  delegates: LottieDelegates(values: [\n` +
      `    ValueDelegate.${fill ? "color" : "strokeColor"}(const [${names.map((name) => `'${name}'`).join(", ")}], ` +
      `value: const Color(0xFFFF2D55)),\n  ]))`;
    $("#snippet-react-native").value = `<LottieView source={{ uri: '${url}' }} autoPlay loop\n` +
      `  style={{ width: ${size}, height: ${size} }}\n` +
      `  colorFilters={[{ keypath: '${paint.keypath}', color: '#FF2D55' }]} />`;
    $("#snippet-web").value = `<div id="spinner" style="width:${size}px;height:${size}px"></div>\n` +
      `<!-- lottie-web 5.12: build/player/lottie.min.js of npm's lottie-web, served by your site -->\n` +
      `<script src="lottie.min.js"><\/script>\n` +
      `<script>\n` +
      `  fetch("${url}").then((response) => response.json()).then((animationData) => {\n` +
      `    animationData.slots["${paint.slot}"].p.k = [1, 0.1765, 0.3333, 1];  // its opacity: slot "${paint.slot}Opacity"\n` +
      `    lottie.loadAnimation({ container: document.getElementById("spinner"), renderer: "svg",\n` +
      `      loop: true, autoplay: true, animationData });\n` +
      `  });\n<\/script>`;
    $("#snippet-dotlottie").value = `<canvas id="spinner" width="${size}" height="${size}"></canvas>\n` +
      `<script type="module">\n` +
      `  // @lottiefiles/dotlottie-web (npm), the ThorVG-based dotLottie player, served by your site\n` +
      `  import { DotLottie } from "./dotlottie-web.js";\n` +
      `  const player = new DotLottie({ canvas: document.getElementById("spinner"), src: "${url}", loop: true, autoplay: true });\n` +
      `  player.addEventListener("load", () => player.setSlots(JSON.stringify(${pinkSlot})));\n` +
      `<\/script>`;
  }

  // Measuring -------------------------------------------------------------------------------

  let measuring = 0;
  async function measure(path) {
    const ticket = ++measuring;
    $("#size").textContent = "…";
    try {
      const response = await fetch(path, { method: "HEAD" });
      if (ticket !== measuring) return;
      if (!response.ok) {
        const problem = await problemOf(path);
        if (ticket !== measuring) return;
        $("#size").textContent = "refused";
        const message = sentence(reasonOf(problem));
        $("#preview").hidden = !state.accepted;
        status(markInvalid(problem && problem.parameter, message) ? "" : message + " " + keeping());
      } else {
        const length = Number(response.headers.get("Content-Length"));
        const coding = response.headers.get("Content-Encoding");
        $("#size").textContent = `${bytes(length)}${coding ? " (" + coding + ")" : ""}`;
        status("");
        markInvalid(null, "");
        apply(path);
      }
    } catch (error) {
      if (ticket === measuring) $("#size").textContent = "unknown";
      return;
    }
    compareFormats(ticket);
  }

  const bytes = (length) => (length >= 1024 ? (length / 1024).toFixed(1) + " KB" : length + " bytes");

  // Every format's size for the same settings, side by side, so a designer can choose:
  // the SVG and the Lottie document as written and as sent gzipped (a GET: the browser
  // unzips the body, the header keeps the wire length), the animated rasters by HEAD
  // (each a render, cached); a format the service refuses says why.
  async function compareFormats(ticket) {
    // From the catalog: the documents (no encoder effort: written, not drawn) and the
    // animated pictures (drawn).
    const documentFormats = catalog.formats.filter((format) => format.efforts.length === 0);
    const animatedFormats = catalog.formats.filter((format) => format.efforts.length > 0 && format.animated);
    const entries = [
      ...documentFormats.flatMap((format) => [[format.name, format.label], [format.name + "-gzip", format.label + " gzip"]]),
      ...animatedFormats.map((format) => [format.name, format.label]),
    ];
    const cells = new Map(entries.map(([key, label]) => {
      const value = make("output", { text: "…" });
      return [key, make("span", { class: "format-size", "data-format": key }, [label + " ", value])];
    }));
    $("#sizes").replaceChildren(...cells.values());
    const show = (key, text, refused = false) => {
      if (ticket !== measuring) return;
      cells.get(key).querySelector("output").textContent = text;
      cells.get(key).classList.toggle("refused", refused);
    };
    const refusal = async (key, url) => show(key, "refused: " + reasonOf(await problemOf(url)), true);
    const documents = documentFormats.map(({ name: format }) => fetch(imageURL(format)).then(async (response) => {
      if (!response.ok) {
        await refusal(format, imageURL(format));
        show(format + "-gzip", "–");
        return;
      }
      const written = (await response.arrayBuffer()).byteLength;
      const coding = response.headers.get("Content-Encoding");
      show(format, bytes(written));
      show(format + "-gzip", coding === "gzip" ? bytes(Number(response.headers.get("Content-Length"))) : "not sent gzipped");
    }).catch(() => { show(format, "unknown"); show(format + "-gzip", "–"); }));
    const measured = {}, refused = {};
    const rasters = animatedFormats.map(({ name: format }) =>
      finalHead(imageURL(format), ticket, (provisional) => show(format, bytes(provisional) + " (quick answer)"))
        .then(async (response) => {
          if (response.ok) {
            measured[format] = Number(response.headers.get("Content-Length"));
            show(format, bytes(measured[format]) + (isFinal(response) ? "" : " (quick answer; final not ready)"));
          } else {
            refused[format] = true;
            await refusal(format, imageURL(format));
          }
        })
        .catch(() => show(format, "unknown")));
    await Promise.all([...documents, ...rasters]);
    if (ticket !== measuring) return;
    state.sizes[query("webp")] = measured;
    advise(measured, refused);
    // The snippets keep the last accepted settings: rewritten (WebP first or not) only for those.
    if (state.accepted === imageURL(state.format)) writeSnippets(state.accepted);
  }

  // A new URL's APNG, GIF or WebP is answered first by a quick encode, served for a
  // minute (no "immutable" in its Cache-Control), while the smaller final one is made:
  // compare the sizes caches keep, so ask again (past the browser's cache) until the final
  // one is there, for up to two minutes (final encodes wait while the server is busy);
  // `provisional` is told the quick answer's size meanwhile.
  const isFinal = (response) => (response.headers.get("Cache-Control") || "").includes("immutable");
  async function finalHead(url, ticket, provisional) {
    let response = await fetch(url, { method: "HEAD" });
    const waits = [200, 400, 800, 1600, 3200, ...Array(23).fill(5000)];
    for (const wait of waits) {
      if (!response.ok || isFinal(response) || ticket !== measuring) break;
      provisional(Number(response.headers.get("Content-Length")));
      await new Promise((resolve) => setTimeout(resolve, wait));
      response = await fetch(url, { method: "HEAD", cache: "no-store" });
    }
    return response;
  }

  // Honest advice for the format chosen, from the sizes just measured.
  function advise(measured, refused) {
    const advice = $("#advice");
    if (state.format === "lottie") {
      const written = $("#sizes [data-format=lottie] output")?.textContent, zipped = $("#sizes [data-format=lottie-gzip] output")?.textContent;
      advice.textContent = `The Lottie document for these settings is ${written}` + (zipped && zipped.endsWith("B") ? `, ${zipped} gzipped` : "") +
        ". It is for a Lottie player in an app or a page (the snippets below): each plays the URL and can recolour " +
        "its paints at run time by keypath or slot. Light or dark is the theme parameter; players draw theme=auto as light.";
      return;
    }
    const order = Object.keys(measured).sort((a, b) => measured[a] - measured[b]);
    const list = order.map((format) => `${formatByName(format).label} ${bytes(measured[format])}`).join(", ");
    const refusedList = Object.keys(refused).map((format) => formatByName(format).label).join(", ");
    let text = order.length ? `Animated pictures for these settings, smallest first: ${list}.` : "";
    if (refusedList) text += ` ${refusedList}: refused for these settings (the sizes above say why).`;
    if (refused[state.format]) {
      advice.textContent = (text + (state.accepted ? ` The snippets keep the last ${formatByName(state.format).label} settings the service accepted.`
        : " There are no snippets until the service accepts the settings.")).trim();
      return;
    }
    if (state.format === "svg") {
      text += " The SVG follows the viewer's light or dark scheme with theme=auto; the snippets carry the theme of the stage's page.";
    } else {
      text += " The <picture> snippet serves theme=dark to sites that follow a dark OS scheme.";
      if (state.format === "gif" || state.format === "apng") {
        text += " WebP and APNG keep real alpha on any page; a GIF has 1-bit alpha and is blended into one page colour (matte). " +
          (order[0] === "gif" ? "Here the GIF is smallest, so the <picture> snippet offers no WebP ahead of it." :
            "The <picture> snippet offers WebP first when it is no larger.");
      }
    }
    advice.textContent = text.trim();
  }

  // The format and the stage ----------------------------------------------------------------

  for (const format of formats) {
    const input = make("input", { type: "radio", name: "format", value: format, id: "f-" + format });
    input.checked = format === state.format;
    input.addEventListener("change", () => {
      state.format = format;
      // A picture cannot follow the viewer: theme=auto becomes the page's theme.
      if (format !== "svg" && state.values.theme === "auto") {
        state.values.theme = pageTheme();
        const select = document.getElementById("p-theme");
        if (select) select.value = state.values.theme;
      }
      update();
    });
    $("#formats").append(make("label", { for: "f-" + format }, [input, make("span", { text: formatByName(format).label })]));
  }

  // The stage's page colour also chooses the theme (by its luminance) and a GIF's matte:
  // what a designer sees on the stage is what they would ship for that page.
  function setPage(hex, fromTheme) {
    state.page = hex.replace(/^#/, "").toLowerCase();
    $("#stage").style.setProperty("--page", "#" + state.page);
    for (const button of document.querySelectorAll("button.toggle")) {
      button.setAttribute("aria-pressed", String(button.dataset.page === (state.page === LIGHT ? "light" : state.page === DARK ? "dark" : "")));
    }
    $("#page-colour").value = "#" + state.page;
    $(".page-colour").classList.toggle("custom", state.page !== LIGHT && state.page !== DARK);
    if (!fromTheme && state.kind && parameter("theme")) {
      state.values.theme = pageTheme();
      const select = document.getElementById("p-theme");
      if (select) select.value = state.values.theme;
    }
    if (state.kind) update();
  }
  for (const button of document.querySelectorAll("button.toggle")) {
    button.addEventListener("click", () => setPage(button.dataset.page === "dark" ? DARK : LIGHT, false));
  }
  let picking = null;
  $("#page-colour").addEventListener("input", (event) => {
    clearTimeout(picking);
    picking = setTimeout(() => setPage(event.target.value, false), 150);
  });

  for (const button of document.querySelectorAll("button.copy")) {
    button.addEventListener("click", async () => {
      const field = document.getElementById(button.dataset.target);
      try {
        await navigator.clipboard.writeText(field.value);
      } catch (error) {
        field.select();
        document.execCommand("copy");
      }
      status(button.dataset.label + " copied.");
    });
  }

  // Restore a shared playground address (?kind=…&format=…&page=…&stroke=…); a first visit
  // starts on the page colour of the viewer's scheme.
  const initial = new URLSearchParams(location.search);
  const values = {};
  for (const [key, value] of initial) if (!["kind", "format", "page"].includes(key)) values[key] = value;
  const pageGiven = /^#?[0-9a-f]{6}$/i.test(initial.get("page") || "") ? initial.get("page") : null;
  const osDark = matchMedia("(prefers-color-scheme: dark)").matches;
  setPage(pageGiven || (values.theme === "dark" ? DARK : values.theme === "light" ? LIGHT : osDark ? DARK : LIGHT), true);
  if (initial.get("kind") && kindByName(initial.get("kind"))) {
    const format = initial.get("format");
    if (formats.includes(format)) {
      state.format = format;
      document.getElementById("f-" + format).checked = true;
    }
    select(initial.get("kind"), values);
  } else {
    select(catalog.kinds[0].name, {});
  }
})();
