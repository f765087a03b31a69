// The gallery and playground: loads the catalog, shows every kind, and wires the kinds, the
// formats, the stage's page colour, the copy buttons and the address the page was opened at
// to the state (state.js), the fields (controls.js) and the service (measure.js).

import { showComparison } from "./compare.js";
import { buildControls, fitHints, refreshApplicability, refreshColours, showTheme } from "./controls.js";
import { $, make, status } from "./dom.js";
import { measure } from "./measure.js";
import { CATALOG } from "./paths.js";
import { fitSnippets, writeSnippets } from "./snippets.js";
import { showPage, showScale } from "./stage.js";
import { DARK, LIGHT, PlaygroundState } from "./state.js";

async function main() {
  let catalog;
  try {
    catalog = await (await fetch(CATALOG)).json();
  } catch (error) {
    status("The catalog could not be loaded.");
    return;
  }
  const state = new PlaygroundState(catalog, () => matchMedia("(prefers-color-scheme: dark)").matches);

  // The settings changed: the swatches and the fields that apply, then the service is asked
  // (only a URL it accepts reaches the preview and the snippets).
  const update = () => {
    refreshColours();
    refreshApplicability(state);
    measure(state);
  };

  // The stage's page colour also chooses the theme (by its luminance) and a GIF's matte:
  // what a designer sees on the stage is what they would ship for that page. `fromTheme`:
  // the theme chose this page, so the theme stays.
  const setPage = (hex, fromTheme) => {
    const themed = state.setPage(hex, !fromTheme);
    showPage(state);
    if (themed) showTheme(state);
    if (state.kind) update();
  };

  const select = (name, values) => {
    const kind = state.selectKind(name, values);
    for (const button of document.querySelectorAll(".kind")) {
      button.setAttribute("aria-pressed", String(button.dataset.kind === kind.name));
    }
    $("#playground-title").textContent = "Playground: " + kind.name;
    $("#summary").textContent = kind.summary;
    buildControls(state, { update, setPage });
    update();
  };

  // The grid: every kind, live, from the service itself, in the page's colour scheme
  // (theme=auto SVGs follow prefers-color-scheme).
  for (const kind of catalog.kinds) {
    const image = make("img", { src: kind.url + "?theme=auto", alt: "", width: "96", height: "96", "data-kind": kind.name });
    const button = make("button", { type: "button", class: "kind", "aria-pressed": "false", "data-kind": kind.name },
                        [image, make("span", { text: kind.name })]);
    button.addEventListener("click", () => select(kind.name, {}));
    $("#kinds").append(make("li", {}, [button]));
  }

  let resizing = null;
  addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { fitHints(); fitSnippets(); showScale(state); }, 100);
  });
  $("#preview").addEventListener("load", () => showScale(state));

  for (const format of state.formats) {
    const input = make("input", { type: "radio", name: "format", value: format, id: "f-" + format });
    input.checked = format === state.format;
    input.addEventListener("change", () => {
      if (state.setFormat(format)) showTheme(state);
      update();
    });
    $("#formats").append(make("label", { for: "f-" + format }, [input, make("span", { text: state.formatByName(format).label })]));
  }

  for (const button of document.querySelectorAll("button.toggle")) {
    button.addEventListener("click", () => setPage(button.dataset.page === "dark" ? DARK : LIGHT, false));
  }
  // Lossless beside lossy on the stage (compare.js), for a raster.
  $("#compare").addEventListener("click", () => {
    const button = $("#compare");
    button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
    if (state.accepted) showComparison(state);
  });
  let picking = null;
  $("#page-colour").addEventListener("input", (event) => {
    clearTimeout(picking);
    picking = setTimeout(() => setPage(event.target.value, false), 150);
  });

  // Copying says so on the button itself (and to screen readers), where the eye is.
  for (const button of document.querySelectorAll("button.copy")) {
    const label = button.textContent;
    let restore = null;
    button.setAttribute("aria-live", "polite");
    button.addEventListener("click", async () => {
      const field = document.getElementById(button.dataset.target);
      try {
        await navigator.clipboard.writeText(field.value);
      } catch (error) {
        field.select();
        document.execCommand("copy");
      }
      button.textContent = "Copied ✓";
      button.classList.add("copied");
      clearTimeout(restore);
      restore = setTimeout(() => { button.textContent = label; button.classList.remove("copied"); }, 2000);
    });
  }

  $("#follows-scheme").addEventListener("change", (event) => {
    state.setFollowsScheme(event.target.checked);
    if (state.accepted) writeSnippets(state, state.accepted);
  });

  // Restore a shared playground address (?kind=…&format=…&page=…&stroke=…). A first visit
  // starts on a white page whatever the viewer's own scheme: the snippets are for the page
  // the designer builds, and most pages are light (the stage's note says so to a dark OS).
  const initial = new URLSearchParams(location.search);
  const values = {};
  for (const [key, value] of initial) if (!["kind", "format", "page"].includes(key)) values[key] = value;
  const pageGiven = /^#?[0-9a-f]{6}$/i.test(initial.get("page") || "") ? initial.get("page") : null;
  setPage(pageGiven || (values.theme === "dark" ? DARK : LIGHT), true);
  if (initial.get("kind") && state.kindByName(initial.get("kind"))) {
    const format = initial.get("format");
    if (state.formats.includes(format)) {
      state.setFormat(format);
      document.getElementById("f-" + format).checked = true;
    }
    select(initial.get("kind"), values);
  } else {
    select(catalog.kinds[0].name, {});
  }
}

main();
