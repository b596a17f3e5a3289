/** How many leading bytes the guess looks at: enough to be sure, cheap on large files. */
const SAMPLE_BYTES = 4096

/**
 * Guesses UTF-16 without a byte-order mark from where the NUL bytes sit: text that is mostly ASCII
 * has a NUL in every other byte (odd positions for little-endian, even ones for big-endian), which
 * neither UTF-8 nor a single-byte encoding ever has. UTF-16 text without ASCII (Chinese, say) has
 * no such pattern and is not recognised; such files need a BOM.
 */
export function detectUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, SAMPLE_BYTES) / 2)
  if (pairs === 0) return undefined
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenNuls++
    if (bytes[i + 1] === 0) oddNuls++
  }
  if (oddNuls / pairs >= 0.3 && evenNuls / pairs <= 0.05) return 'utf-16le'
  if (evenNuls / pairs >= 0.3 && oddNuls / pairs <= 0.05) return 'utf-16be'
  return undefined
}
