/**
 * The words a version question asks with ("min python version", "latest release"): its answer's
 * number stands for them.
 */
export const VERSION_WORDS =
  /^(?:versions?|releases?|min(?:imum)?|max(?:imum)?|latest|required|oldest|newest)$/u

/** A version as printed: "3.10", "1.8.3", "v2.0". */
export const VERSION_NUMBER = /\bv?\d+\.\d+(?:\.\d+)*\b/u
