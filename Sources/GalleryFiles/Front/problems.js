// The service's refusals (problem+json) in words for the page.

/**
 * Why the service refused, in words for the field: a budget refusal says how large the
 * spinner may be at these settings (largest_size) or how fast (highest_fps) when the
 * service says so, else its own sentence. `problem` may be null (no problem+json).
 */
export function reasonOf(problem) {
  if (!problem) return "the service refused these settings";
  if (problem.title === "Render budget exceeded") {
    if (Number.isInteger(problem.largest_size) && problem.largest_size > 0) {
      return `over the render budget: at most ${problem.largest_size} px at this speed`;
    }
    if (Number.isInteger(problem.highest_fps) && problem.highest_fps > 0) {
      return `over the render budget: at most ${problem.highest_fps} fps at this size`;
    }
    const detail = problem.detail || problem.accepted || "";
    return "over the render budget: " + detail.charAt(0).toLowerCase() + detail.slice(1);
  }
  return problem.detail || problem.title || "the service refused these settings";
}

/** A reason as a sentence: capitalised, ending in a full stop unless it has one. */
export const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

/** The problem the service sends for a path (a GET), or null when there is none to read. */
export async function problemOf(path) {
  try {
    return await (await fetch(path)).json();
  } catch (error) {
    return null;
  }
}

/** What a refusal leaves in place, given the URL path accepted last (if any). */
export const keeping = (accepted) => accepted ? "The preview and the snippets keep the last settings the service accepted."
  : "Nothing is previewed or copied until the service accepts the settings.";
