// The playground's state: one explicit store, read through getters and questions and changed
// only through its methods, which keep its rules. No DOM.

import { resolveColour, systemColourTable, themeForPage } from "./colour.js";

/** The catalog's formats the stage cannot show (see PlaygroundState.formats). */
const UNSTAGED = ["dotlottie"];

/** The stage's Light and Dark page colours (hex, no #): the iOS page colours (systemBackground). */
export const LIGHT = "ffffff", DARK = "000000";

/**
 * What the designer chose — a kind, a format, the values as given, the stage's page colour
 * (Light, Dark or their own page) and whether a GIF's matte follows it — and what the
 * service said: the last URL it accepted and the sizes measured, over the catalog.
 */
export class PlaygroundState {
  #kind = null;
  #format = "svg";
  #values = {};
  #page = LIGHT;
  #matteFollowsPage = true;
  #followsScheme = false;
  #accepted = undefined;
  #sizes = {};
  #viewerIsDark;

  /**
   * `catalog` is the service's (GET /spinners); `viewerIsDark()` says whether the viewer's
   * colour scheme is dark now (what theme=auto draws in an SVG).
   */
  constructor(catalog, viewerIsDark) {
    /** The service's catalog: formats, kinds with their parameters, system colours. */
    this.catalog = catalog;
    /** The system colours, {name (lower case): [light hex, dark hex]} (see systemColourTable). */
    this.systemColours = systemColourTable(catalog);
    /**
     * The formats the stage shows, by name in the catalog's order: every one but the
     * dotLottie file, a zip no browser draws (Lottie mode's dotLottie snippet plays it; the
     * sizes table lists it).
     */
    this.formats = catalog.formats.filter((format) => !UNSTAGED.includes(format.name)).map((format) => format.name);
    /** The formats drawn as pixels (those with encoder efforts), by name. */
    this.rasterFormats = catalog.formats.filter((format) => format.efforts.length > 0).map((format) => format.name);
    this.#viewerIsDark = viewerIsDark;
  }

  /** The kind chosen (the catalog's entry); null before the first choice. */
  get kind() { return this.#kind; }
  /** The format chosen, by name. Default "svg". */
  get format() { return this.#format; }
  /** The values as given, by parameter name (no matte while it follows the page). Read only. */
  get values() { return this.#values; }
  /** The stage's page colour, hex without #. Default white. */
  get page() { return this.#page; }
  /** Whether a GIF's matte follows the page colour: true until the designer sets one. */
  get matteFollowsPage() { return this.#matteFollowsPage; }
  /**
   * Whether the designer's page follows the OS colour scheme (light and dark pages): then
   * the <picture> offers a dark source. Default false: the page is the stage's colour.
   */
  get followsScheme() { return this.#followsScheme; }
  /** The URL path the service accepted last; undefined before it accepted any. */
  get accepted() { return this.#accepted; }
  /** The animated pictures' sizes in bytes, {format: bytes}, by the settings' WebP query. Read only. */
  get sizes() { return this.#sizes; }

  /** The catalog's format of that name. */
  formatByName(name) { return this.catalog.formats.find((format) => format.name === name); }
  /** The catalog's kind of that name, or undefined. */
  kindByName(name) { return this.catalog.kinds.find((kind) => kind.name === name); }
  /** The chosen kind's parameter of that name, or undefined. */
  parameter(name) { return this.#kind.parameters.find((item) => item.name === name); }
  /** Whether a parameter does anything in the chosen format. */
  applies(item) { return item.formats.includes(this.#format); }
  /** Whether the viewer's own colour scheme is dark now. */
  viewerIsDark() { return this.#viewerIsDark(); }
  /** The theme the stage's page colour wants (by its luminance). */
  pageTheme() { return themeForPage(this.#page); }

  /** The theme the spinner is drawn in: `auto` follows the viewer's scheme (SVG only). */
  drawnTheme(values = this.#values) {
    const theme = values.theme ?? this.parameter("theme")?.default ?? "light";
    if (theme === "auto") return this.#format === "svg" && this.#viewerIsDark() ? "dark" : "light";
    return theme;
  }

  /**
   * The matte a GIF gets when it follows the page: the page colour, or nothing when the
   * theme's own default (systemBackground: white, black when dark) is that colour already.
   */
  pageMatte(theme, page = this.#page) {
    const fallback = resolveColour(this.parameter("matte")?.default, theme, this.systemColours);
    return fallback && fallback.alpha === 1 && fallback.hex === page ? undefined : page;
  }

  /**
   * The settings of the picture for a page of colour `page` (hex, no #) in `theme`: the
   * theme (when the kind has one) and, while a GIF's matte follows the page, that page's.
   */
  settingsForPage(page, theme) {
    const values = { ...this.#values };
    if (this.parameter("theme")) values.theme = theme;
    if (this.#matteFollowsPage && this.parameter("matte")) {
      delete values.matte;
      const matte = this.pageMatte(theme, page);
      if (matte) values.matte = matte;
    }
    return values;
  }

  /** The settings as sent (with `overrides`): the GIF matte follows the page unless the designer set one. */
  settings(overrides = {}) {
    const values = { ...this.#values, ...overrides };
    if (this.#matteFollowsPage && this.parameter("matte")) {
      delete values.matte;
      const theme = values.theme === "dark" ? "dark" : "light";
      // Only the theme of this page knows its colour; the other theme's page is its own.
      const matte = theme === this.pageTheme() ? this.pageMatte(theme) : undefined;
      if (matte) values.matte = matte;
    }
    return values;
  }

  /** The spinner's size in CSS pixels: its value, else the kind's default. */
  shownSize() { return Number(this.#values.size ?? this.parameter("size").default); }

  /**
   * Chooses a kind by name (the catalog's first when there is none of that name) with
   * `values` as given; returns the kind. On a dark page a new kind starts dark too; a
   * matte that is the page colour (or none) follows the page.
   */
  selectKind(name, values) {
    const kind = this.kindByName(name) || this.catalog.kinds[0];
    this.#kind = kind;
    const given = { ...values };
    if (given.theme === undefined && this.pageTheme() === "dark") given.theme = "dark";
    this.#matteFollowsPage = given.matte === undefined || String(given.matte).toLowerCase().replace(/^#/, "") === this.#page;
    if (this.#matteFollowsPage) delete given.matte;
    this.#values = given;
    return kind;
  }

  /**
   * Chooses the format by name. A picture cannot follow the viewer: theme=auto becomes the
   * page's theme. Returns whether the theme changed.
   */
  setFormat(format) {
    this.#format = format;
    if (format === "svg" || this.#values.theme !== "auto") return false;
    this.#values.theme = this.pageTheme();
    return true;
  }

  /**
   * Sets the stage's page colour (hex, with or without #). With `themeFollows`, a kind with
   * a theme takes the page's; returns whether it did.
   */
  setPage(hex, themeFollows) {
    this.#page = hex.replace(/^#/, "").toLowerCase();
    if (!themeFollows || !this.#kind || !this.parameter("theme")) return false;
    this.#values.theme = this.pageTheme();
    return true;
  }

  /** Sets one parameter's value as given; a matte set by hand stops following the page. */
  setValue(name, value) {
    if (name === "matte") this.#matteFollowsPage = false;
    this.#values[name] = value;
  }

  /** Whether the designer's page follows the OS colour scheme (see `followsScheme`). */
  setFollowsScheme(follows) { this.#followsScheme = Boolean(follows); }

  /** A GIF's matte follows the page colour again. */
  followPageMatte() {
    this.#matteFollowsPage = true;
    delete this.#values.matte;
  }

  /** The service accepted this URL path. */
  accept(path) { this.#accepted = path; }

  /** Keeps the animated pictures' sizes measured for the settings whose WebP query is `key`. */
  keepSizes(key, measured) { this.#sizes[key] = measured; }
}
