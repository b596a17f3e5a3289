/**
 * A 32-bit checksum of the bytes (FNV-1a's mixing over little-endian 32-bit words, then the tail),
 * so a snapshot damaged in storage (a flipped byte among the postings or the vector codes, where
 * every value still parses) is noticed and rebuilt rather than answering wrongly. About 50 ms per
 * 100 MB; not a defence against anyone who can write the database, only against damage.
 */
export function checksum32(bytes: Uint8Array): number {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice()
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2)
  let hash = 0x811c9dc5 ^ bytes.length
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i]!, 0x01000193)
  for (let i = words.length * 4; i < aligned.length; i++) hash = Math.imul(hash ^ aligned[i]!, 0x01000193)
  return hash >>> 0
}
