// Sharp on every screen: the 2× of each raster URL a snippet carries (the same URL with
// scale=2), offered in srcset only once the service has accepted it. A 2× is four times the
// pixels, and a size the budget admits at 1× may be refused at 2× (dots' APNG at 300 px):
// a srcset naming a refused URL would show a broken image on every phone.

/** The 2× of a raster URL (absolute): scale=2 added; null when it names a scale already or is no raster. Pure. */
export function denseOf(url) {
  const parsed = new URL(url);
  if (!/\.(apng|gif|png|webp)$/.test(parsed.pathname) || parsed.searchParams.has("scale")) return null;
  parsed.searchParams.set("scale", "2");
  return parsed.href;
}

/** The raster URLs a snippet's text names (in src and srcset attributes), without a scale. Pure. */
export function rasterURLs(text) {
  const found = [...text.matchAll(/(?:src|srcset)="([^" ]+)/g)].map((match) => match[1]);
  return [...new Set(found)].filter((url) => denseOf(url) !== null);
}

// The 2× URLs asked about: url → true (accepted), false (refused), or a promise while asked.
const answers = new Map();

/** The 2× of `url` when the service has accepted it, else null. */
export function acceptedDense(url) {
  const dense = denseOf(url);
  return dense && answers.get(dense) === true ? dense : null;
}

/** Whether the service has answered about the 2× of every URL in `urls`. */
export const densityKnown = (urls) => urls.map(denseOf).every((dense) => typeof answers.get(dense) === "boolean");

/**
 * Asks the service (HEAD) about the 2× of every URL in `urls` not asked before; once every
 * answer still missing at the call is in (its own questions and those asked earlier and not
 * yet answered), calls `then`, which writes the snippets with them.
 */
export async function askDensity(urls, then) {
  const waiting = [];
  for (const dense of urls.map(denseOf).filter((dense) => dense)) {
    if (!answers.has(dense)) {
      const question = fetch(dense, { method: "HEAD" })
        .then((response) => { answers.set(dense, response.ok); })
        .catch(() => { answers.set(dense, false); });
      answers.set(dense, question);
      waiting.push(question);
    } else if (typeof answers.get(dense) !== "boolean") {
      waiting.push(answers.get(dense));
    }
  }
  if (waiting.length === 0) return;
  await Promise.all(waiting);
  then();
}
