/** 0-9, A-Z, a-z: the fast path of the text counters that run over every character of a document. */
export function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}
