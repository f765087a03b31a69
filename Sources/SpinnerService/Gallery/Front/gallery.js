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
  const state = { kind: null, format: "svg", values: {}, page: "light", matteFollowsPage: false, sizes: {} };
  // The stage's colours (the iOS page colours, systemBackground), so a GIF's matte can be
  // the page it is shown on.
  const pageColour = () => (state.page === "dark" ? "000000" : "ffffff");

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

  // GIF has 1-bit alpha: blending edges into the page's colour (matte) makes them smooth.
  function matteToPage() {
    state.matteFollowsPage = true;
    state.values.matte = pageColour();
    const input = document.getElementById("p-matte");
    if (input) {
      input.value = state.values.matte;
      input.parentElement.querySelector("input[type=color]").value = "#" + state.values.matte;
    }
    update(true);
  }
  $("#matte-page").addEventListener("click", matteToPage);

  function select(name, values) {
    const kind = kindByName(name) || catalog.kinds[0];
    state.matteFollowsPage = false;
    state.kind = kind;
    // On the dark stage a new kind starts dark too.
    if (values.theme === undefined && state.page === "dark") values.theme = "dark";
    state.values = values;
    for (const button of document.querySelectorAll(".kind")) {
      button.setAttribute("aria-pressed", String(button.dataset.kind === kind.name));
    }
    $("#playground-title").textContent = "Playground: " + kind.name;
    $("#summary").textContent = kind.summary;
    buildControls();
    update(true);
  }

  function buildControls() {
    const box = $("#controls");
    box.replaceChildren();
    const output = $("#output-controls");
    output.replaceChildren();
    // The catalog says which parameters shape the spinner and which the file.
    for (const item of state.kind.parameters) (item.group === "output" ? output : box).append(control(item));
    refreshApplicability();
  }

  function control(item) {
    const id = "p-" + item.name;
    const field = make("div", { class: "field", "data-parameter": item.name });
    const label = make("label", { for: id, text: item.name });
    const current = state.values[item.name] ?? item.default ?? "";
    let input, companion;
    if (item.type === "integer" || item.type === "number") {
      const step = item.type === "integer" ? "1" : (item.unit === "s" ? "0.05" : "0.5");
      input = make("input", { id, type: "range", min: item.minimum, max: item.maximum, step, value: current, "aria-describedby": id + "-hint" });
      // A number whose absence has its own meaning (a style's shadow) shows that meaning
      // until it is set.
      companion = make("input", { type: "number", min: item.minimum, max: item.maximum, step: "any", value: current,
                                  placeholder: item.absent || "", "aria-label": item.name + " value" });
      input.addEventListener("input", () => { companion.value = input.value; set(item, input.value); });
      companion.addEventListener("input", () => { input.value = companion.value; set(item, companion.value); });
    } else if (item.type === "color") {
      // A clear colour reads "transparent", not 00000000.
      const clear = (text) => /^#?([0-9a-f]{3}0|[0-9a-f]{6}00)$/i.test(String(text));
      input = make("input", { id, type: "text", value: clear(current) ? "transparent" : current, spellcheck: "false",
                              placeholder: item.absent || (clear(item.default) ? "transparent" : item.default) || "",
                              "aria-describedby": id + "-hint" });
      // The swatch shows the colour as given, alpha included, over a checkerboard (so a
      // clear or unset colour reads as clear, not black); the picker inside it edits it.
      const picker = make("input", { type: "color", value: hexOf(current), "aria-label": item.name + " picker" });
      const swatch = make("label", { class: "swatch", title: item.name }, [picker]);
      const paint = () => swatch.style.setProperty("--swatch", cssColour(input.value || item.default || ""));
      picker.addEventListener("input", () => { input.value = picker.value.slice(1); paint(); set(item, input.value); });
      input.addEventListener("input", () => { picker.value = hexOf(input.value); paint(); set(item, input.value); });
      paint();
      companion = make("span", { class: "colour" }, [swatch]);
    } else if (item.enum) {
      input = make("select", { id, "aria-describedby": id + "-hint" }, item.enum.map((option) => make("option", { value: option, text: option })));
      input.value = current;
      input.addEventListener("change", () => {
        set(item, input.value);
        // Choosing a light or dark theme puts the spinner on that page colour.
        if (item.name === "theme" && input.value !== "auto" && input.value !== state.page) setPage(input.value, true);
      });
      companion = make("span");
    } else {
      input = make("input", { id, type: "text", value: current, maxlength: String(item.maxLength || 120), "aria-describedby": id + "-hint" });
      input.addEventListener("input", () => set(item, input.value));
      companion = make("span");
    }
    const range = item.minimum !== undefined && item.minimum !== null ? ` (${item.minimum}–${item.maximum}${item.unit ? " " + item.unit : ""})` : "";
    field.append(label, input, companion, make("div", { id: id + "-hint", class: "hint", text: item.summary + range }));
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

  function hexOf(value) {
    const text = String(value || "").replace(/^#/, "");
    if (/^[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(text)) return "#" + text.slice(0, 6).toLowerCase();
    if (/^[0-9a-fA-F]{3,4}$/.test(text)) return "#" + text.slice(0, 3).split("").map((c) => c + c).join("").toLowerCase();
    return "#000000";
  }

  // A colour as CSS can paint it: hex with its alpha, CSS names as they are; clear,
  // unset and iOS system colours (which CSS does not know) as transparent.
  function cssColour(value) {
    const text = String(value || "").replace(/^#/, "").toLowerCase();
    if (/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(text)) return "#" + text;
    if (text && text !== "none" && !text.startsWith("system") && CSS.supports("color", text)) return text;
    return "transparent";
  }

  let timer = null;
  function set(item, value) {
    if (item.name === "matte") state.matteFollowsPage = false;
    state.values[item.name] = value;
    clearTimeout(timer);
    timer = setTimeout(() => update(false), 250);
  }

  function refreshApplicability() {
    for (const field of document.querySelectorAll("[data-parameter]")) {
      field.hidden = !applies(parameter(field.dataset.parameter));
    }
    const matte = parameter("matte");
    $("#matte-page").hidden = !(matte && applies(matte));
  }

  // The query of the current settings: only values that apply and differ from the default.
  function query(format) {
    const search = new URLSearchParams();
    for (const item of state.kind.parameters) {
      const value = state.values[item.name];
      if (value === undefined || value === "" || !item.formats.includes(format)) continue;
      if (item.default !== null && item.default !== undefined && String(value) === String(item.default)) continue;
      search.set(item.name, String(value).replace(/^#/, ""));
    }
    const text = search.toString();
    return text ? "?" + text : "";
  }

  const imageURL = (format) => `/spinner/${state.kind.name}.${formatByName(format).extension}${query(format)}`;
  // No Lottie player here: a Lottie choice previews the same settings as SVG (every
  // parameter that applies to Lottie applies to SVG).
  const previewURL = () => state.format === "lottie"
    ? `/spinner/${state.kind.name}.${formatByName("svg").extension}${query("lottie")}` : imageURL(state.format);
  const absolute = (path) => new URL(path, location.href).href;
  const shownSize = () => Number(state.values.size ?? parameter("size").default);

  // The settings changed: ask the service first (HEAD), and only a URL it accepts
  // reaches the preview, the address bar, the download and the snippets; a refused one
  // leaves them on the last accepted URL and marks the field the service names.
  function update(immediate) {
    refreshApplicability();
    measure(imageURL(state.format));
  }

  function apply(path) {
    const download = $("#download");
    download.href = path;
    download.download = `${state.kind.name}.${formatByName(state.format).extension}`;
    $("#stage-note").hidden = !(state.page === "dark" && state.values.theme === "dark");
    const preview = $("#preview");
    const shown = previewURL();
    $("#preview-note").hidden = state.format !== "lottie";
    preview.width = shownSize();
    preview.height = shownSize();
    if (preview.getAttribute("src") !== shown) preview.src = shown;
    preview.alt = state.kind.name + " spinner preview";
    const page = new URLSearchParams(query(state.format).slice(1));
    page.set("kind", state.kind.name);
    page.set("format", state.format);
    history.replaceState(null, "", "?" + page.toString());
    writeSnippets(path);
  }

  function markInvalid(name) {
    for (const field of document.querySelectorAll("[data-parameter]")) {
      const input = field.querySelector("input[id], select[id]");
      if (input) input.setAttribute("aria-invalid", String(field.dataset.parameter === name));
    }
  }

  function writeSnippets(path) {
    const url = absolute(path);
    const size = shownSize();
    const still = absolute(imageURL("png"));
    $("#snippet-url").value = url;
    $("#snippet-html").value = `<img src="${url}" width="${size}" height="${size}" alt="Loading">`;
    $("#snippet-markdown").value = `![Loading](${url})`;
    // A GIF or APNG choice gets a WebP source first only when the WebP is no larger for
    // these settings (measured below): every current browser takes the first source it
    // can show, so a larger WebP first would cost bytes. WebP has full alpha on any page.
    const sizes = state.sizes[query("webp")] || {};
    const offerWebP = (state.format === "gif" || state.format === "apng")
      && sizes.webp !== undefined && sizes[state.format] !== undefined && sizes.webp <= sizes[state.format];
    const webp = offerWebP ? `  <source type="image/webp" srcset="${absolute(imageURL("webp"))}">\n` : "";
    $("#snippet-picture").value = `<picture>\n  <source media="(prefers-reduced-motion: reduce)" srcset="${still}">\n` +
      webp + `  <img src="${url}" width="${size}" height="${size}" alt="Loading">\n</picture>`;
    // A Lottie document is for a Lottie player, not an <img>: the apps' snippets instead.
    const lottie = state.format === "lottie";
    for (const name of ["html", "markdown", "picture"]) $("#use-" + name).hidden = lottie;
    for (const name of ["ios", "android", "flutter", "react-native", "web", "dotlottie"]) $("#use-" + name).hidden = !lottie;
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

  let measuring = 0;
  async function measure(path) {
    const ticket = ++measuring;
    $("#size").textContent = "…";
    try {
      const response = await fetch(path, { method: "HEAD" });
      if (ticket !== measuring) return;
      if (!response.ok) {
        $("#size").textContent = `error ${response.status}`;
        const problem = await (await fetch(path)).json().catch(() => null);
        if (ticket !== measuring) return;
        status((problem && problem.detail ? problem.detail : "The service refused these settings.") +
               " The preview and the snippets keep the last settings it accepted.");
        markInvalid(problem && problem.parameter);
        return;
      }
      const length = Number(response.headers.get("Content-Length"));
      const coding = response.headers.get("Content-Encoding");
      $("#size").textContent = `${bytes(length)}${coding ? " (" + coding + ")" : ""}`;
      status("");
      markInvalid(null);
      apply(path);
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
  // (each a render, cached).
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
    const show = (key, text) => { if (ticket === measuring) cells.get(key).querySelector("output").textContent = text; };
    const documents = documentFormats.map(({ name: format }) => fetch(imageURL(format)).then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      const written = (await response.arrayBuffer()).byteLength;
      const coding = response.headers.get("Content-Encoding");
      show(format, bytes(written));
      show(format + "-gzip", coding === "gzip" ? bytes(Number(response.headers.get("Content-Length"))) : "not sent gzipped");
    }).catch((error) => { show(format, "error " + error.message); show(format + "-gzip", "–"); }));
    const measured = {};
    const rasters = animatedFormats.map(({ name: format }) =>
      fetch(imageURL(format), { method: "HEAD" })
        .then((response) => {
          if (response.ok) measured[format] = Number(response.headers.get("Content-Length"));
          show(format, response.ok ? bytes(measured[format]) : "error " + response.status);
        })
        .catch(() => show(format, "unknown")));
    await Promise.all([...documents, ...rasters]);
    if (ticket !== measuring) return;
    state.sizes[query("webp")] = measured;
    advise(measured);
    writeSnippets(imageURL(state.format));
  }

  // Honest advice from the sizes just measured: the animated rasters smallest first, and
  // what each trades (an SVG or Lottie document is smaller still, but is not a picture
  // every place accepts).
  function advise(measured) {
    const order = Object.keys(measured).sort((a, b) => measured[a] - measured[b]);
    if (order.length === 0) { $("#advice").textContent = ""; return; }
    const list = order.map((format) => `${formatByName(format).label} ${bytes(measured[format])}`).join(", ");
    $("#advice").textContent = `Animated pictures for these settings, smallest first: ${list}. ` +
      "WebP and APNG keep real alpha on any page; a GIF has 1-bit alpha and is blended into one page colour (matte). " +
      (order[0] === "gif" ? "Here the GIF is smallest, so the <picture> snippet offers no WebP ahead of it." :
        "The <picture> snippet offers WebP first when it is no larger.");
  }

  for (const format of formats) {
    const input = make("input", { type: "radio", name: "format", value: format, id: "f-" + format });
    input.checked = format === state.format;
    input.addEventListener("change", () => { state.format = format; update(true); });
    $("#formats").append(make("label", { for: "f-" + format }, [input, make("span", { text: formatByName(format).label })]));
  }

  // The stage's page colour also chooses the theme: what a designer sees on the dark
  // stage is what they would ship for a dark page (theme=dark; a GIF's default matte is
  // then black, the stage's colour).
  function setPage(page, fromTheme) {
    state.page = page;
    $("#stage").classList.toggle("dark", page === "dark");
    for (const button of document.querySelectorAll("button.toggle")) {
      button.setAttribute("aria-pressed", String(button.dataset.page === page));
    }
    if (!fromTheme && parameter("theme")) {
      state.values.theme = page;
      const select = document.getElementById("p-theme");
      if (select) select.value = page;
    }
    if (state.matteFollowsPage) matteToPage(); else update(true);
  }
  for (const button of document.querySelectorAll("button.toggle")) {
    button.addEventListener("click", () => setPage(button.dataset.page, false));
  }

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

  // Restore a shared playground address (?kind=…&format=…&stroke=…).
  const initial = new URLSearchParams(location.search);
  if (initial.get("kind") && kindByName(initial.get("kind"))) {
    const format = initial.get("format");
    if (formats.includes(format)) {
      state.format = format;
      document.getElementById("f-" + format).checked = true;
    }
    const values = {};
    for (const [key, value] of initial) if (key !== "kind" && key !== "format") values[key] = value;
    select(initial.get("kind"), values);
    if (values.theme === "dark") setPage("dark", true);
  } else {
    select(catalog.kinds[0].name, {});
  }
})();
