/**
 * A `Content-Disposition: attachment` value that names any file safely (RFC 6266). `filename*`
 * carries the real name as UTF-8 percent-encoding (RFC 5987), which every current browser prefers;
 * `filename` is an ASCII stand-in for older clients, with anything outside printable ASCII, quotes,
 * backslashes and `%` (which some clients decode) replaced by `_`. Neither part can end the header
 * or start another: CR, LF and every other control character are encoded or replaced. (Node refuses
 * a header with characters above U+00FF outright, so a raw Unicode name would fail the download.)
 */
export function attachmentDisposition(filename: string): string {
  const name = wellFormed(filename) || 'download'
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/gu, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`
}

/** Percent-encodes all but RFC 5987's attr-chars (encodeURIComponent leaves `'()*` as they are). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/gu,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** Lone surrogates (a name synced from anywhere may hold one) become U+FFFD: encodeURIComponent throws on them. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu, '\uFFFD')
}
