import { ParseError } from '../ParseError'
import type { ImageDimensions } from './imageDimensions'
import { groupedDigits } from '../groupedDigits'

/**
 * The most pixels an image (or one TIFF page) may declare to be read by OCR: 40 million, a 600 dpi
 * scan of an A4 or letter page (about 35 million) with room to spare. Decoded, an image costs 4
 * bytes a pixel in the OCR engine and as much again while it is converted, so 40 million stays a few
 * hundred megabytes, within INGEST_MEMORY_MB; 20000 x 20000 (400 million) would be gigabytes.
 */
export const MAX_IMAGE_PIXELS = 40_000_000

/** Throws ParseError('too_large') when `size` is past MAX_IMAGE_PIXELS (`what`: "The image", "Page 3"). */
export function checkImagePixels(size: ImageDimensions, what = 'The image'): void {
  const pixels = size.width * size.height
  if (pixels <= MAX_IMAGE_PIXELS) return
  throw new ParseError(
    'too_large',
    `${what} is ${groupedDigits(size.width)} x ${groupedDigits(size.height)} pixels (${millions(pixels)} million); ` +
      `images are read up to ${millions(MAX_IMAGE_PIXELS)} million pixels (a 600 dpi page is about 35 ` +
      'million). Scale it down (300 dpi is plenty for text) and upload it again.',
  )
}

function millions(pixels: number): string {
  return groupedDigits(Math.round(pixels / 1_000_000))
}
