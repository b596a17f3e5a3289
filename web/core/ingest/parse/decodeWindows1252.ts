// Windows-1252 differs from Latin-1 only in 0x80-0x9F. Decoded by hand because Node's TextDecoder
// ('windows-1252') returns Latin-1 for those bytes (U+0092 for a curly apostrophe), unlike browsers.
// Undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their C1 code points, as the WHATWG decoder does.
const high = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
]

/** Decodes Windows-1252 bytes (Word's "compressed" text, 8-bit property strings), one character per byte. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = []
  // Chunked so that String.fromCharCode never gets more arguments than the engine allows.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? (high[byte - 0x80] ?? byte) : byte,
    )
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join('')
}

/** Decodes Latin-1 (ISO-8859-1: each byte is the code point), as PowerPoint's TextBytesAtom stores text. */
export function decodeLatin1(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let start = 0; start < bytes.length; start += 8192) {
    parts.push(String.fromCharCode(...bytes.subarray(start, start + 8192)))
  }
  return parts.join('')
}
