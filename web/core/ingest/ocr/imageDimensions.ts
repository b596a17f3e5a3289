/** An image's size in pixels as its header declares it, before a byte of pixel data is decoded. */
export interface ImageDimensions {
  width: number
  height: number
}

/**
 * The dimensions a PNG, JPEG or WebP header declares, or undefined when the header cannot be read
 * (the decoder then refuses the file as it would have). TIFF is read by its IFDs (tiffPages), which
 * hold a size per page. Only headers are looked at: a 20000 x 20000 PNG of a few hundred kilobytes
 * is 1.6 GB of pixels once decoded, so its size must be known before anything decodes it.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (isPng(bytes)) return pngDimensions(bytes)
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes)
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpDimensions(bytes)
  return undefined
}

function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG'
}

// IHDR is the first chunk: its width and height are big-endian at bytes 16 and 20.
function pngDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return undefined
  return { width: uint32be(bytes, 16), height: uint32be(bytes, 20) }
}

// Start-of-frame markers (any SOFn except DHT C4, JPG C8 and DAC CC) carry height then width.
function jpegDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1]!
    // Fill bytes, and markers that stand alone (RSTn, TEM).
    if (marker === 0xff) {
      at++
      continue
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2
      continue
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! }
    }
    if (marker === 0xda || length < 2) return undefined
    at += 2 + length
  }
  return undefined
}

// VP8 (lossy), VP8L (lossless) and VP8X (extended) each keep the canvas size in their own way.
function webpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X' && bytes.length >= 30)
    return { width: 1 + uint24le(bytes, 24), height: 1 + uint24le(bytes, 27) }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) }
  }
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return {
      width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff,
      height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff,
    }
  return undefined
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length))
}

function uint32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!
}

function uint24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
}
