/**
 * Removes citation markers that answers carry ("… in 1879 [1].", "[2, 3]", "[1][4]", "[source 2]"), so
 * that they do not count as answer tokens ("1" would otherwise dilute F1 and could even match a
 * numeric ground truth). Bracketed text that is not a citation ("[sic]", "[citation needed]") stays.
 */
export function stripCitations(text: string): string {
  return text
    .replace(CITATION, ' ')
    .replace(/[ \t]+([.,;:!?])/gu, '$1')
    .replace(/[ \t]{2,}/gu, ' ')
    .trim()
}

const CITATION = /\[\s*(?:(?:source|doc|document|chunk)\s*)?\d+(?:\s*[,;–-]\s*\d+)*\s*\]/giu
