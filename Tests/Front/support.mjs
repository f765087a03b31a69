// What the front-end tests share: the modules' folder and a small catalog in the service's
// shape (GET /spinners): six formats, two kinds with the parameters the modules read, and
// four system colours with their aliases.

/** The front end's modules, as the page loads them. */
export const FRONT = new URL("../../Sources/GalleryFiles/Front/", import.meta.url).href;

const all = ["svg", "apng", "gif", "png", "webp", "lottie", "dotlottie"];
const shared = [
  { name: "background", type: "fill", default: "00000000", formats: all, maxLength: 256 },
  { name: "fps", type: "integer", default: "30", minimum: 1, maximum: 60, formats: ["apng", "gif", "webp"] },
  { name: "slowdown", type: "integer", default: "1", minimum: 1, maximum: 8, formats: ["apng", "gif", "webp"] },
  { name: "matte", type: "color", default: "systemBackground", formats: ["gif"] },
  { name: "quality", type: "integer", default: "100", formats: ["apng", "gif", "png", "webp"] },
  { name: "theme", type: "string", default: "light", formats: all, enum: ["light", "dark", "auto"] },
  { name: "title", type: "string", default: "Loading", formats: ["svg"] },
];

/** A catalog as the service writes it, cut down. */
export const catalog = {
  formats: [
    { name: "svg", extension: "svg", label: "SVG", animated: true, efforts: [], gzipped: true },
    { name: "apng", extension: "apng", label: "APNG", animated: true, efforts: ["thorough", "quick"] },
    { name: "gif", extension: "gif", label: "GIF", animated: true, efforts: ["thorough", "quick"] },
    { name: "png", extension: "png", label: "PNG", animated: false, efforts: ["thorough", "quick"] },
    { name: "webp", extension: "webp", label: "WebP", animated: true, efforts: ["thorough", "quick"] },
    { name: "lottie", extension: "json", label: "Lottie", animated: true, efforts: [], gzipped: true },
    { name: "dotlottie", extension: "lottie", label: "dotLottie", animated: true, efforts: [], gzipped: false },
  ],
  kinds: [
    { name: "circular", summary: "A ring.", parameters: [...shared,
      { name: "color", type: "paint", formats: all, maxLength: 256 },
      { name: "duration", type: "number", unit: "s", default: "1.75", minimum: 0.2, maximum: 15, formats: all },
      { name: "size", type: "integer", default: "60", formats: all },
      { name: "stroke", type: "number", default: "10", formats: all },
      { name: "style", type: "string", default: "hierarchy", formats: all, enum: ["bubbledForeground", "hierarchy", "accent", "nineties"] },
      { name: "shadow", type: "number", formats: all }] },
    { name: "capsules", summary: "Capsules.", parameters: [...shared,
      { name: "color", type: "paint", default: "label", formats: all, maxLength: 256 },
      { name: "peak", type: "number", default: "0.2", formats: all },
      { name: "size", type: "integer", default: "215", formats: all }] },
  ],
  systemColors: [
    { name: "systemBlue", aliases: ["accent", "accentcolor"], light: "007aff", dark: "0a84ff" },
    { name: "label", aliases: ["primary"], light: "000000", dark: "ffffff" },
    { name: "secondaryLabel", aliases: ["secondary"], light: "3c3c4399", dark: "ebebf599" },
    { name: "systemBackground", aliases: [], light: "ffffff", dark: "000000" },
  ],
};

const { PlaygroundState } = await import(FRONT + "state.js");

/** A playground state on `catalog`, `kind` chosen with `values`, in `format`: what the tests of several modules start from. */
export const playgroundState = (kind, format, values = {}) => {
  const state = new PlaygroundState(catalog, () => false);
  state.selectKind(kind, values);
  state.setFormat(format);
  return state;
};
