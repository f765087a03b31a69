// The stage: its page colour, the preview of the accepted URL with its download, the note on
// what the page colour means, the scale the preview is shown at, and the playground's address.

import { showComparison, showImage, shownURL } from "./compare.js";
import { $ } from "./dom.js";
import { showLottie } from "./player.js";
import { DARK, LIGHT } from "./state.js";
import { previewURL, query } from "./urls.js";

/** Shows the stage's page colour: the stage, the pressed Light or Dark button, the picker and its custom mark. */
export function showPage(state) {
  $("#stage").style.setProperty("--page", "#" + state.page);
  for (const button of document.querySelectorAll("button.toggle")) {
    button.setAttribute("aria-pressed", String(button.dataset.page === (state.page === LIGHT ? "light" : state.page === DARK ? "dark" : "")));
  }
  $("#page-colour").value = "#" + state.page;
  $(".page-colour").classList.toggle("custom", state.page !== LIGHT && state.page !== DARK);
}

/**
 * Shows the URL path the service accepted: the download, the stage's note, the preview at
 * the spinner's size (SVG for Lottie, with its note), and the playground's address
 * (?…&kind=…&format=…&page=…) in the address bar.
 */
export function showAccepted(state, path) {
  const download = $("#download");
  download.href = path;
  download.download = downloadName(state);
  writeStageNote(state);
  const preview = $("#preview");
  const shown = previewURL(state);
  $("#preview-note").hidden = state.format !== "lottie";
  // Lottie: the stage plays the document itself (player.js), which hides the SVG preview
  // once it plays.
  preview.hidden = state.format === "lottie" && !$("#lottie-stage").hidden;
  showLottie(state, path, state.shownSize());
  preview.width = state.shownSize();
  preview.height = state.shownSize();
  // While the comparison shows, the preview may be a copy of its file (compare.js, in step).
  if (shownURL(preview) !== shown) showImage(preview, shown);
  preview.alt = state.kind.name + " spinner preview";
  showScale(state);
  showComparison(state);
  const page = new URLSearchParams(query(state, state.format).slice(1));
  page.set("kind", state.kind.name);
  page.set("format", state.format);
  page.set("page", state.page);
  history.replaceState(null, "", "?" + page.toString());
}

/** Offers the 2× file beside the download when the service accepted it (`dense`: its URL), else hides it. */
export function showDenseDownload(dense) {
  const link = $("#download-2x");
  link.hidden = !dense;
  if (!dense) return;
  link.href = dense;
  link.download = $("#download").download.replace(/(\.[a-z]+)$/, "@2x$1");
}

/**
 * The downloaded file's name, with the settings that differ from the defaults in it
 * (`circular-stroke15-accent.gif`): a choice by its value, a number or colour by its name
 * and value, in the kind's order of parameters; at most 100 characters before the extension.
 */
export function downloadName(state) {
  const values = state.settings();
  const words = state.kind.parameters.filter((item) => values[item.name] !== undefined && String(values[item.name]) !== String(item.default))
    .map((item) => (item.enum ? "" : item.name) + String(values[item.name]).toLowerCase().replace(/^#/, ""))
    .map((word) => word.replace(/[^a-z0-9.]+/gi, "_"));
  return [state.kind.name, ...words].join("-").slice(0, 100) + "." + state.formatByName(state.format).extension;
}

// What the stage's page means for what is copied.
function writeStageNote(state) {
  const values = state.settings(), theme = values.theme ?? "light";
  if (theme === "auto") {
    // theme=auto follows the viewer's scheme, not the page: say which it draws here, and
    // warn when that is not the stage's.
    const drawn = state.drawnTheme(), page = state.pageTheme();
    const note = $("#stage-note");
    note.hidden = false;
    note.textContent = `theme=auto follows the viewer's OS colour scheme, not the page: this browser's is ${drawn}, so it draws the ${drawn} colours.` +
      (drawn !== page ? ` On this ${page} page that is hard to see: for a page that is always ${page}, choose theme=${page}.` : "");
    return;
  }
  const named = state.page === LIGHT ? "White page" : state.page === DARK ? "Dark page" : `Page #${state.page} (${state.pageTheme()})`;
  // A dark OS sees the white stage it starts on: say that the snippets are for the page built,
  // and how to name a dark one.
  const asks = state.page === LIGHT && theme !== "dark" && state.viewerIsDark()
    ? " Your OS is dark; the snippets are for the page you build: press Dark or choose its colour if it is dark, " +
      "or tick \"My page follows the OS colour scheme\" under the picture snippet for both." : "";
  const matte = state.format === "gif" ? (values.matte ? ` A GIF's edges blend into it (matte=${values.matte}).`
    : ` A GIF's edges blend into it (the default matte is ${state.pageTheme() === "dark" ? "black" : "white"} in this theme).`) : "";
  const note = $("#stage-note");
  note.hidden = state.page === LIGHT && theme !== "dark" && !asks;
  note.textContent = `${named}: the preview, the download and the snippets use theme=${theme}` +
    (theme === "dark" ? ", the iOS dark colours." : ".") + matte + asks;
}

/** On a small screen the spinner is shrunk to fit the stage: says by how much. */
export function showScale(state) {
  const preview = $("#preview"), size = state.shownSize();
  const shown = preview.getBoundingClientRect().width;
  $("#shown-scale").textContent = shown > 0 && shown < size - 0.5 ? `shown at ${Math.round((shown / size) * 100)} %` : "";
}
