import UTIF from 'utif2'
import { encodePng } from './encodePng'
import type { ImageDimensions } from './imageDimensions'

/**
 * The pages of a TIFF (a fax or a scanner's multi-page file), each as a PNG for the OCR engine, whose
 * own reader takes only the first page. Thumbnails and other sub-images without pixels are skipped.
 * Decoded one page at a time, when asked for, so a long file does not hold every page in memory.
 */
export function tiffPages(bytes: Uint8Array): {
  count: number
  /** Each page's size as its IFD declares it (tags 256 and 257), known before any page is decoded. */
  sizes: ImageDimensions[]
  page(index: number): Uint8Array
} {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const pages = UTIF.decode(buffer).filter((ifd) => tag(ifd, 't256') > 0)
  return {
    count: pages.length,
    sizes: pages.map((ifd) => ({ width: tag(ifd, 't256'), height: tag(ifd, 't257') })),
    page(index) {
      const ifd = pages[index]
      if (!ifd) throw new Error(`no page ${index + 1}`)
      UTIF.decodeImage(buffer, ifd)
      return encodePng({ width: ifd.width, height: ifd.height, channels: 4, data: UTIF.toRGBA8(ifd) })
    },
  }
}

function tag(ifd: UTIF.IFD, name: string): number {
  return Number(ifd[name]?.[0 as never] ?? 0)
}
