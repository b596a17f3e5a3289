/**
 * A 32-bit checksum of the bytes (FNV-1a's mixing over little-endian 32-bit words, then the tail),
 * so a snapshot damaged in storage (a flipped byte among the postings or the vector codes, where
 * every value still parses) is noticed and rebuilt rather than answering wrongly. About 50 ms per
 * 100 MB; not a defence against anyone who can write the database, only against damage. Bytes that
 * do not begin on a 4-byte boundary of their buffer (a part within a snapshot read whole) are read word
 * by word through a DataView rather than copied.
 */
export function checksum32(bytes: Uint8Array): number {
  const words = bytes.length >>> 2
  let hash = 0x811c9dc5 ^ bytes.length
  if (bytes.byteOffset % 4 === 0) {
    const aligned = new Uint32Array(bytes.buffer, bytes.byteOffset, words)
    for (let i = 0; i < words; i++) hash = Math.imul(hash ^ aligned[i]!, 0x01000193)
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let i = 0; i < words; i++) hash = Math.imul(hash ^ view.getUint32(i * 4, true), 0x01000193)
  }
  for (let i = words * 4; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193)
  return hash >>> 0
}
