/**
 * The words a version question asks with ("min python version", "latest release", "what version does
 * it need"): its answer's number stands for them.
 */
export const VERSION_WORDS =
  /^(?:versions?|releases?|min(?:imum)?|max(?:imum)?|latest|need|needs|needed|require|requires|required|oldest|newest)$/u

/** A version as printed: "3.10", "1.8.3", "v2.0". */
export const VERSION_NUMBER = /\bv?\d+\.\d+(?:\.\d+)*\b/u

/** A major version with its bound: "Node.js 18 and later", "18+", "version 12 or higher". */
const BOUNDED_VERSION = /\b\d+(?:\+|\s+(?:and|or)\s+(?:later|higher|newer|above)\b)/u

/** Whether a sentence states a version (`VERSION_NUMBER`, or a major one with its bound). */
export function statesVersion(text: string): boolean {
  return VERSION_NUMBER.test(text) || BOUNDED_VERSION.test(text)
}
