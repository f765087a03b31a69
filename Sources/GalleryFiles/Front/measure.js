// Asking the service: the chosen URL first (HEAD), so that only a URL it accepts reaches the
// stage and the snippets, then every format's size for the same settings. Each round has a
// ticket; the answers of an older round are dropped.

import { advise } from "./advice.js";
import { offeredQuality } from "./compare.js";
import { meterContrast } from "./contrast.js";
import { markInvalid } from "./controls.js";
import { $, status } from "./dom.js";
import { keeping, problemOf, reasonOf, sentence } from "./problems.js";
import { bytes, sizeTable } from "./sizes.js";
import { writeSnippets } from "./snippets.js";
import { showAccepted } from "./stage.js";
import { imageURL, query } from "./urls.js";

// The latest round's ticket.
let measuring = 0;

/**
 * Asks the service about the URL path of the settings (HEAD). Accepted, it reaches the
 * preview, the address bar, the download and the snippets; refused, they stay on the last
 * accepted URL and the field the service names says why. Then the sizes in every format.
 * One round reads the settings once: every URL it asks and the sizes it keeps are of that
 * snapshot, even when the designer types on while it waits for answers.
 */
export async function measure(state) {
  const ticket = ++measuring;
  const values = state.settings(), path = imageURL(state, state.format, values);
  $("#size").textContent = "…";
  try {
    const response = await fetch(path, { method: "HEAD" });
    if (ticket !== measuring) return;
    if (!response.ok) {
      const problem = await problemOf(path);
      if (ticket !== measuring) return;
      $("#size").textContent = "refused";
      const message = sentence(reasonOf(problem));
      // Opened on a refused address, nothing was accepted yet: no preview rather than a broken image.
      $("#preview").hidden = !state.accepted;
      status(markInvalid(state, problem && problem.parameter, message) ? "" : message + " " + keeping(state.accepted));
    } else {
      const length = Number(response.headers.get("Content-Length"));
      const coding = response.headers.get("Content-Encoding");
      // A new URL's raster is a quick answer first: marked so until the sizes grid has its
      // final size (compareFormats puts it here).
      $("#size").textContent = `${bytes(length)}${coding ? " (" + coding + ")" : ""}${isFinal(response) ? "" : " (quick answer; the kept file comes next)"}`;
      status("");
      markInvalid(state, null, "");
      state.accept(path);
      showAccepted(state, path);
      writeSnippets(state, path);
      meterContrast(state, values);
    }
  } catch (error) {
    if (ticket === measuring) $("#size").textContent = "unknown";
    return;
  }
  compareFormats(state, ticket, values);
}

// Every format's size for the same settings, side by side, so a designer can choose:
// the SVG and the Lottie document as written and as sent gzipped (a GET: the browser
// unzips the body, the header keeps the wire length), the animated rasters by HEAD
// (each a render, cached); a format the service refuses says why.
async function compareFormats(state, ticket, values) {
  // The advice is of the sizes: until this round's are all in, it says so rather than
  // keep the last settings' numbers beside the new ones (issue 64: about 3 s of the
  // defaults' sizes after a change). `data-measured` tells a reader which it shows.
  const advice = $("#advice");
  advice.textContent = "Comparing the formats for these settings…";
  advice.dataset.measured = "false";
  // From the catalog: the documents (no encoder effort: written, not drawn) and the
  // animated pictures (drawn).
  const documentFormats = state.catalog.formats.filter((format) => format.efforts.length === 0);
  const animatedFormats = state.catalog.formats.filter((format) => format.efforts.length > 0 && format.animated);
  // A document sent gzipped has its gzipped size beside it; the dotLottie zip is compressed already.
  const table = sizeTable([
    ...documentFormats.flatMap((format) => [[format.name, format.label], ...(format.gzipped ? [[format.name + "-gzip", format.label + " gzip"]] : [])]),
    ...animatedFormats.map((format) => [format.name, format.label]),
  ]);
  const show = (key, text, refused = false, aside = "") => {
    if (ticket !== measuring) return;
    table(key, text, refused, aside);
  };
  // A reason is said once, by the first format in the table it refuses; the others refused
  // for the same one (a bad colour refuses them all) point there once every answer is in.
  const reasons = new Map();
  const refusal = async (key, url) => {
    reasons.set(key, reasonOf(await problemOf(url)));
    show(key, "refused", true);
  };
  const measured = {}, refused = {};
  const documents = documentFormats.map(({ name: format, gzipped }) => fetch(imageURL(state, format, values)).then(async (response) => {
    if (!response.ok) {
      refused[format] = true;
      await refusal(format, imageURL(state, format, values));
      if (gzipped) show(format + "-gzip", "–");
      return;
    }
    const written = (await response.arrayBuffer()).byteLength;
    const coding = response.headers.get("Content-Encoding");
    show(format, bytes(written));
    if (gzipped) show(format + "-gzip", coding === "gzip" ? bytes(Number(response.headers.get("Content-Length"))) : "not sent gzipped");
  }).catch(() => { show(format, "unknown"); if (gzipped) show(format + "-gzip", "–"); }));
  const rasters = animatedFormats.map(({ name: format }) =>
    // The chosen format's final is asked for five minutes longer: its size stands beside the download.
    finalHead(imageURL(state, format, values), ticket, (provisional) => show(format, bytes(provisional) + " (quick answer)"),
              format === state.format ? Array(60).fill(5000) : [])
      .then(async (response) => {
        if (response.ok) {
          measured[format] = Number(response.headers.get("Content-Length"));
          show(format, bytes(measured[format]) + (isFinal(response) ? "" : " (quick answer; final not ready)"));
          if (format === state.format && ticket === measuring) {
            $("#size").textContent = bytes(measured[format]) + (isFinal(response) ? "" : " (quick answer; final not ready)");
          }
        } else {
          refused[format] = true;
          await refusal(format, imageURL(state, format, values));
        }
      })
      .catch(() => show(format, "unknown")));
  await Promise.all([...documents, ...rasters]);
  if (ticket !== measuring) return;
  const saidBy = new Map();
  for (const format of [...documentFormats, ...animatedFormats].map(({ name }) => name).filter((name) => reasons.has(name))) {
    const reason = reasons.get(format), first = saidBy.get(reason);
    if (first === undefined) saidBy.set(reason, format);
    show(format, first === undefined ? "refused: " + reason : `refused (as ${state.formatByName(first).label})`, true);
  }
  state.keepSizes(query(state, "webp", values), measured);
  advise(state, values, measured, refused);
  offerLossy(state, ticket, values, measured, refused, animatedFormats, show);
  // The snippets keep the last accepted settings: rewritten (WebP first or not) only while
  // the settings are still those (now, not the round's snapshot).
  if (state.accepted === imageURL(state, state.format)) writeSnippets(state, state.accepted);
}

// What quality=80 would save on the chosen raster when the settings are lossless: its final
// size, asked once the sizes are in (an encode of its own, which may wait behind the other
// final encodes: asked for up to five minutes), then the sizes grid shows it beside the
// lossless size and the advice says it.
function offerLossy(state, ticket, values, measured, refused, animatedFormats, show) {
  const chosenRaster = animatedFormats.some(({ name }) => name === state.format);
  if (!chosenRaster || ![undefined, "", "100", 100].includes(values.quality)) return;
  const url = imageURL(state, state.format, { ...values, quality: offeredQuality });
  finalHead(url, ticket, () => {}, Array(60).fill(5000))
    .then((response) => {
      if (ticket !== measuring || !response.ok || !isFinal(response)) return;
      const lossy = Number(response.headers.get("Content-Length"));
      if (measured[state.format]) show(state.format, bytes(measured[state.format]), false, `· ${bytes(lossy)} at quality=${offeredQuality}`);
      advise(state, values, measured, refused, { quality: offeredQuality, bytes: lossy });
    })
    .catch(() => {});
}

// A new URL's APNG, GIF or WebP is answered first by a quick encode, served for a
// minute (no "immutable" in its Cache-Control), while the smaller final one is made:
// compare the sizes caches keep, so ask again (past the browser's cache) until the final
// one is there, for up to two minutes (final encodes wait while the server is busy; `longer`
// adds waits, in ms);
// `provisional` is told the quick answer's size meanwhile.
const isFinal = (response) => (response.headers.get("Cache-Control") || "").includes("immutable");
async function finalHead(url, ticket, provisional, longer = []) {
  let response = await fetch(url, { method: "HEAD" });
  const waits = [200, 400, 800, 1600, 3200, ...Array(23).fill(5000), ...longer];
  for (const wait of waits) {
    if (!response.ok || isFinal(response) || ticket !== measuring) break;
    provisional(Number(response.headers.get("Content-Length")));
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await fetch(url, { method: "HEAD", cache: "no-store" });
  }
  return response;
}
