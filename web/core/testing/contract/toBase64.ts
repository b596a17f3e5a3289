/** Base64 of bytes or UTF-8 text, for multipart contract requests (which must cross page.evaluate). */
export function toBase64(content: Uint8Array | string): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
