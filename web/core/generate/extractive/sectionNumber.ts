/** A section's number before its heading's words: "5. ", "2.3 ", "Section 6. ", an agenda item's "4.1 ". */
export const SECTION_NUMBER = /^(?:(?:section|article|part|chapter|§)\s*)?\d+(?:\.\d+)*\.?\s+/iu
