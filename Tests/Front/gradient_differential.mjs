// The gradient grammar read twice, held to one: the playground's editor (gradient.js's
// parseGradient and writeGradient) against the service's own reader (CSSGradient.parse and
// GradientValue.canonicalText), asked through the real binary: `spinnerd sign`, which
// validates a request and prints each value in its canonical spelling.
//
//   node Tests/Front/gradient_differential.mjs --binary .build/test/release/spinnerd
//
// Every input of the gradient fuzz corpus (Fuzz/corpus/gradient, Fuzz/regressions/gradient)
// and every preset, as circular's `color` (a paint that takes all three functions):
//   - the service refuses it as a gradient (refused, or read as a plain colour) → the
//     editor refuses it (null);
//   - the service accepts it → the editor's model written back is the service's
//     canonical text, or the input is one of the forms the editor deliberately does not
//     hold (HELD_ELSEWHERE below) and the editor refuses it rather than mis-read it;
//   - the service's canonical text is a fixed point of the editor (read and written back
//     unchanged), whenever the editor holds it.
// A stop's colour is the colour grammar's business, not the gradient's: the editor is given
// the service's verdict on each colour word (asked as `conic-gradient(WORD 0 0)`), and its
// written colours are compared in the service's spelling of each word. The limits
// gradient.js restates are held to the binary: MAXIMUM_STOPS stops pass and one more is
// refused, MAXIMUM_LENGTH bytes pass and one more is refused, and every paint parameter
// of the catalog (`spinnerd kinds --json`) has MAXIMUM_LENGTH as its maxLength.

import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { MAXIMUM_LENGTH, MAXIMUM_STOPS, PRESETS, parseGradient, writeGradient } from "../../Sources/GalleryFiles/Front/gradient.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const run = promisify(execFile);

const binaryIndex = process.argv.indexOf("--binary");
if (binaryIndex < 0 || !process.argv[binaryIndex + 1]) {
  console.error("usage: node Tests/Front/gradient_differential.mjs --binary PATH");
  process.exit(2);
}
const binary = process.argv[binaryIndex + 1];
// Any key of 16 bytes or more: only the canonical value is read, not the signature.
const SIGNING_KEY = "gradient-differential-key";

/**
 * The forms the service reads and the editor deliberately does not hold: it draws radial
 * gradients from the centre at CSS's default size and conic ones about the centre. Each
 * `applies(input, canonical)` says whether an input the service accepted is of the form.
 */
const HELD_ELSEWHERE = [
  { form: "radial-gradient with a size or a position other than CSS's default (its canonical text keeps them)",
    applies: (input, canonical) => /^radial-gradient\((at |-?[\d.]+% )/.test(canonical) },
  { form: "conic-gradient about a point other than the centre",
    applies: (input, canonical) => /^conic-gradient\((from \S+ )?at /.test(canonical) },
  { form: "radial-gradient of the default size written as radii in % (the editor reads only circle, ellipse, farthest-corner, closest-corner)",
    applies: (input, canonical) => canonical.startsWith("radial-gradient(") && radialSizeWords(input).some((word) => word.endsWith("%")) },
];

// The words before `at` of a radial gradient's first part, lower case.
function radialSizeWords(input) {
  const inner = input.slice(input.indexOf("(") + 1).toLowerCase();
  let depth = 0, end = inner.length;
  for (let index = 0; index < inner.length; index += 1) {
    if (inner[index] === "(") depth += 1;
    if (inner[index] === ")") depth -= 1;
    if (inner[index] === "," && depth === 0) { end = index; break; }
  }
  const words = inner.slice(0, end).split(" ").filter(Boolean);
  return words.includes("at") ? words.slice(0, words.indexOf("at")) : words;
}

// Bytes percent-encoded for a URL's query, every byte but the unreserved ones.
const percentEncoded = (bytes) => [...bytes].map((byte) =>
  /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : "%" + byte.toString(16).toUpperCase().padStart(2, "0")).join("");

/**
 * The service's reading of `bytes` as circular's color: {accepted: true, canonical} or
 * {accepted: false, reason}. The value goes in a URL's query (`circular?color=…`), which
 * the command decodes, so that any byte (a NUL too) reaches the service.
 */
async function service(bytes) {
  try {
    const { stdout } = await run(binary, ["sign", `circular?color=${percentEncoded(bytes)}`, "--signing-key", SIGNING_KEY]);
    const query = stdout.trim().slice(stdout.indexOf("?") + 1).split("&");
    const color = query.find((item) => item.startsWith("color="));
    if (!color) throw new Error(`spinnerd sign printed no color: ${stdout}`);
    return { accepted: true, canonical: decodeURIComponent(color.slice("color=".length)) };
  } catch (error) {
    if (error.code === 2) return { accepted: false, reason: error.stderr.trim().split("\n")[0] };
    throw error;
  }
}

// `work(item)` for every item, `availableParallelism()` at a time; the results in order.
async function eachAtOnce(items, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), items.length) }, worker));
  return results;
}

const failures = [];
const fail = (text) => failures.push(text);
const encoder = new TextEncoder(), decoder = new TextDecoder("utf-8");

// The inputs: the corpus as bytes (read as the fuzz target reads them: UTF-8, invalid
// sequences replaced), then the presets.
const folders = ["Fuzz/corpus/gradient", "Fuzz/regressions/gradient"];
const inputs = folders.flatMap((folder) => readdirSync(join(root, folder)).sort().map((name) => {
  const bytes = readFileSync(join(root, folder, name));
  return { name: `${folder}/${name}`, bytes, text: decoder.decode(bytes) };
}));
const corpusCount = inputs.length;
if (corpusCount < 100) fail(`the gradient corpus has ${corpusCount} inputs: is Fuzz/corpus/gradient there?`);
for (const preset of PRESETS) inputs.push({ name: `preset ${preset.name}`, bytes: encoder.encode(preset.value), text: preset.value });

// The colour words the editor asks about (every word it could reach, each stop's colour
// taken as one), each asked of the service as the colour of a gradient; its canonical
// spelling kept.
const words = new Set();
for (const input of inputs) parseGradient(input.text, (word) => { words.add(word.toLowerCase()); return true; });
const colours = new Map();  // word (lower case) → the service's spelling, or null: not a colour
await eachAtOnce([...words], async (word) => {
  const answer = await service(encoder.encode(`conic-gradient(${word} 0 0)`));
  colours.set(word, answer.accepted ? /^conic-gradient\(([^ ]+) 0%,/.exec(answer.canonical)?.[1] ?? null : null);
});
const isColour = (word) => {
  if (!colours.has(word.toLowerCase())) throw new Error(`the colour '${word}' was not asked of the service`);
  return colours.get(word.toLowerCase()) !== null;
};
const inServiceSpelling = (model) => ({ ...model, stops: model.stops.map((stop) => ({ ...stop, colour: colours.get(stop.colour.toLowerCase()) })) });

const answers = await eachAtOnce(inputs, (input) => service(input.bytes));
const counts = { bothRefuse: 0, bothAccept: 0, heldElsewhere: new Map(HELD_ELSEWHERE.map(({ form }) => [form, 0])) };
for (const [index, input] of inputs.entries()) {
  const answer = answers[index];
  const model = parseGradient(input.text, isColour);
  const gradient = answer.accepted && answer.canonical.includes("gradient(");
  const shown = JSON.stringify(input.text.slice(0, 120));
  if (!gradient) {
    if (model !== null) fail(`${input.name}: the service refuses ${shown} as a gradient (${answer.reason ?? "a colour: " + answer.canonical}); the editor reads ${writeGradient(model)}`);
    else counts.bothRefuse += 1;
    continue;
  }
  if (model === null) {
    const form = HELD_ELSEWHERE.find(({ applies }) => applies(input.text, answer.canonical));
    if (form) counts.heldElsewhere.set(form.form, counts.heldElsewhere.get(form.form) + 1);
    else fail(`${input.name}: the service reads ${shown} as ${answer.canonical}; the editor refuses it, and it is no form the editor leaves to the field`);
    continue;
  }
  const written = writeGradient(inServiceSpelling(model));
  if (written !== answer.canonical) {
    fail(`${input.name}: ${shown} is ${answer.canonical} to the service, ${written} to the editor`);
    continue;
  }
  // The canonical text is a fixed point of the editor, its colours as the service spells them.
  for (const word of topWords(answer.canonical)) if (!colours.has(word.toLowerCase())) colours.set(word.toLowerCase(), word);
  const again = parseGradient(answer.canonical, isColour);
  if (again === null || writeGradient(again) !== answer.canonical) {
    fail(`${input.name}: the canonical ${answer.canonical} reads back as ${again && writeGradient(again)} in the editor`);
    continue;
  }
  counts.bothAccept += 1;
}

// The stops' colour words of a canonical text (each stop "colour[ N%]", no spaces in a colour).
function topWords(canonical) {
  const inner = canonical.slice(canonical.indexOf("(") + 1, -1);
  return inner.split(",").map((part) => part.split(" ")[0]).filter((word) => !/^(from|at|-?[\d.]+(deg|%))$/.test(word));
}

// The limits gradient.js restates, against the binary.
const stops = (count) => `linear-gradient(${Array(count).fill("red").join(",")})`;
const padded = (length) => { const text = "linear-gradient(red,blue)"; return text.slice(0, 20) + " ".repeat(length - text.length) + text.slice(20); };
for (const [name, text, accepted] of [
  ["MAXIMUM_STOPS stops", stops(MAXIMUM_STOPS), true], ["MAXIMUM_STOPS + 1 stops", stops(MAXIMUM_STOPS + 1), false],
  ["MAXIMUM_LENGTH bytes", padded(MAXIMUM_LENGTH), true], ["MAXIMUM_LENGTH + 1 bytes", padded(MAXIMUM_LENGTH + 1), false],
]) {
  const answer = await service(encoder.encode(text));
  if (answer.accepted !== accepted) fail(`${name}: the service ${answer.accepted ? "accepts" : "refuses"} ${text.length} bytes (${answer.reason ?? answer.canonical}); gradient.js says ${accepted ? "accepted" : "refused"}`);
  if ((parseGradient(text, () => true) !== null) !== accepted) fail(`${name}: the editor does not say ${accepted ? "accepted" : "refused"}`);
}
const tooMany = await service(encoder.encode(stops(MAXIMUM_STOPS + 1)));
if (!tooMany.reason?.includes(`at most ${MAXIMUM_STOPS} colour stops`)) fail(`the service's refusal of ${MAXIMUM_STOPS + 1} stops does not say ${MAXIMUM_STOPS}: ${tooMany.reason}`);
const catalog = JSON.parse((await run(binary, ["kinds", "--json"], { maxBuffer: 64 << 20 })).stdout);
const paints = catalog.kinds.flatMap((kind) => kind.parameters.filter((item) => item.type === "paint" || item.type === "fill").map((item) => [`${kind.name}.${item.name}`, item.maxLength]));
if (paints.length === 0) fail("the catalog lists no paint parameter");
for (const [name, maxLength] of paints) if (maxLength !== MAXIMUM_LENGTH) fail(`the catalog's ${name} takes ${maxLength} bytes; gradient.js's MAXIMUM_LENGTH is ${MAXIMUM_LENGTH}`);

console.log(`gradient differential: ${inputs.length} inputs (${corpusCount} of the corpus, ${PRESETS.length} presets), ${words.size} colour words asked`);
console.log(`  both refuse: ${counts.bothRefuse}; both accept, one canonical text: ${counts.bothAccept}`);
for (const [form, count] of counts.heldElsewhere) console.log(`  the service accepts, the editor leaves to the field (${form}): ${count}`);
console.log(`  limits: ${MAXIMUM_STOPS} stops and ${MAXIMUM_LENGTH} bytes, as the binary and its catalog (${paints.length} paint parameters) say`);
if (failures.length) {
  console.error(`\n${failures.length} disagreement(s):\n` + failures.map((text) => "  " + text).join("\n"));
  process.exit(1);
}
