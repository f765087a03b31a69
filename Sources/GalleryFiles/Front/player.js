// The Lottie preview: in Lottie mode the stage plays the Lottie document itself, in
// lottie-web (the build the tests play documents with, served by this service at
// /gallery/lottie-web.js and loaded only when Lottie is chosen). Should the player not load,
// the stage keeps the SVG of the same settings, and the note says so.

import { $ } from "./dom.js";

/** The player's script beside the gallery's modules; it sets globalThis.lottie. */
const PLAYER = "./lottie-web.js";

let playing = null; // the animation shown: {url, animation}
let loading = null; // the player's script, once asked for
let asked = 0; // the newest document asked for: an older one's answer is dropped

/**
 * Shows the accepted document at `url` (a path) on the stage at `size` CSS px when the
 * format is Lottie (#lottie-stage, data-playing = the URL once it plays), the SVG preview
 * otherwise or when the player cannot play it.
 */
export async function showLottie(state, url, size) {
  const stage = $("#lottie-stage"), preview = $("#preview"), note = $("#preview-note");
  const ticket = ++asked;
  if (state.format !== "lottie") {
    stop();
    stage.hidden = true;
    return;
  }
  stage.style.width = stage.style.height = size + "px";
  if (playing && playing.url === url) return;
  try {
    loading ??= import(PLAYER).then(() => globalThis.lottie);
    const [player, animationData] = await Promise.all([loading, fetch(url).then((response) => {
      if (!response.ok) throw new Error(`the document answered ${response.status}`);
      return response.json();
    })]);
    if (ticket !== asked) return;
    stop();
    stage.dataset.playing = "";
    const animation = player.loadAnimation({ container: stage, renderer: "svg", loop: true, autoplay: true, animationData });
    playing = { url, animation };
    animation.addEventListener("DOMLoaded", () => { if (playing?.animation === animation) stage.dataset.playing = url; });
    stage.hidden = false;
    preview.hidden = true;
    note.textContent = `Played by lottie-web ${player.version}, served by this service: the Lottie document itself, ` +
      `${animationData.w}×${animationData.h} at ${animationData.fr} frames a second, ${animationData.op - animationData.ip} frames a loop.`;
  } catch (error) {
    if (ticket !== asked) return;
    stop();
    stage.hidden = true;
    preview.hidden = false;
    loading = null;
    note.textContent = `The Lottie player could not play it here (${error.message}): the preview shows the same settings as SVG, ` +
      "which the Lottie document draws alike.";
  }
}

function stop() {
  if (!playing) return;
  playing.animation.destroy();
  playing = null;
  $("#lottie-stage").replaceChildren();
  delete $("#lottie-stage").dataset.playing;
}
