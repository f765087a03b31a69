// Sharp on every screen: the 2× and 3× of each raster URL a snippet carries (the same URL
// with scale=2 or scale=3), offered in srcset only once the service has accepted them. A
// 2× is four times the pixels and a 3× nine: a size the budget admits at 1× may be refused
// at 2× (dots' APNG at 300 px), and a srcset naming a refused URL would show a broken image
// on every phone. A 3× is offered beside an accepted 2× only when it weighs at most
// MAX_TRIPLE_BYTES: past that, a loading indicator costs a phone more than its sharpness.

/** The heaviest 3× offered, in bytes (as the service first answers it): 200 KB. */
export const MAX_TRIPLE_BYTES = 200 * 1024;

/** A raster URL (absolute) at `density` (2 or 3): scale set; null when it names a scale already or is no raster. Pure. */
export function atDensity(url, density) {
  const parsed = new URL(url);
  if (!/\.(apng|gif|png|webp)$/.test(parsed.pathname) || parsed.searchParams.has("scale")) return null;
  parsed.searchParams.set("scale", String(density));
  return parsed.href;
}

/** The 2× of a raster URL (absolute); null when it names a scale already or is no raster. Pure. */
const denseOf = (url) => atDensity(url, 2);

/** The raster URLs a snippet's text names (in src and srcset attributes), without a scale. Pure. */
export function rasterURLs(text) {
  const found = [...text.matchAll(/(?:src|srcset)="([^" ]+)/g)].map((match) => match[1]);
  return [...new Set(found)].filter((url) => denseOf(url) !== null);
}

// The URLs asked about: url → {ok, bytes} once answered, or a promise while asked.
const answers = new Map();
const answered = (url) => { const answer = answers.get(url); return answer && !(answer instanceof Promise) ? answer : null; };

/** The 2× of `url` when the service has accepted it, else null. */
export function acceptedDense(url) {
  const dense = denseOf(url);
  return dense && answered(dense)?.ok ? dense : null;
}

/** The 3× of `url` when the service has accepted it and its 2×, and it weighs at most MAX_TRIPLE_BYTES; else null. */
function acceptedTriple(url) {
  const triple = atDensity(url, 3), answer = triple && answered(triple);
  return acceptedDense(url) && answer?.ok && answer.bytes <= MAX_TRIPLE_BYTES ? triple : null;
}

/** A srcset's denser candidates for `url`: ", u2 2x" and ", u3 3x" as accepted (the 1× first is the caller's). */
export const denserCandidates = (url) =>
  [[acceptedDense(url), "2x"], [acceptedTriple(url), "3x"]].filter(([dense]) => dense).map(([dense, x]) => `${dense} ${x}`);

/** Whether the service has answered about the 2× and 3× of every URL in `urls`. */
export const densityKnown = (urls) =>
  urls.flatMap((url) => [atDensity(url, 2), atDensity(url, 3)]).every((dense) => answered(dense) !== null);

/**
 * Asks the service (HEAD) about the 2× and 3× of every URL in `urls` not asked before;
 * once every answer still missing at the call is in (its own questions and those asked
 * earlier and not yet answered), calls `then`, which writes the snippets with them.
 */
export async function askDensity(urls, then) {
  const waiting = [];
  for (const dense of urls.flatMap((url) => [atDensity(url, 2), atDensity(url, 3)]).filter((dense) => dense)) {
    if (!answers.has(dense)) {
      const question = fetch(dense, { method: "HEAD" })
        .then((response) => { answers.set(dense, { ok: response.ok, bytes: Number(response.headers.get("Content-Length")) }); })
        .catch(() => { answers.set(dense, { ok: false, bytes: 0 }); });
      answers.set(dense, question);
      waiting.push(question);
    } else if (answers.get(dense) instanceof Promise) {
      waiting.push(answers.get(dense));
    }
  }
  if (waiting.length === 0) return;
  await Promise.all(waiting);
  then();
}
