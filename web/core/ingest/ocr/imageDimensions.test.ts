import { describe, expect, it } from 'vitest'
import { ParseError } from '../ParseError'
import { createImageParser } from './createImageParser'
import { imageDimensions } from './imageDimensions'

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return bytes
}

// SOI, an APP0 segment to skip, then SOF2 (progressive) with height and width.
const jpeg = (width: number, height: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc2,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ])

describe('imageDimensions and the pixel limit', () => {
  it('reads the size from PNG, JPEG and WebP headers', () => {
    expect(imageDimensions(png(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 })
    expect(imageDimensions(jpeg(4961, 7016))).toEqual({ width: 4961, height: 7016 })
    const webp = new Uint8Array(30)
    webp.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'))
    webp.set([0x3f, 0x1f, 0x00, 0xff, 0x0f, 0x00], 24) // 8000 x 4096, stored less one
    expect(imageDimensions(webp)).toEqual({ width: 8000, height: 4096 })
    expect(imageDimensions(new Uint8Array([1, 2, 3]))).toBeUndefined()
  })

  it('refuses an image past 40 million pixels before the OCR engine is even loaded', async () => {
    let loaded = false
    const parser = createImageParser(async () => {
      loaded = true
      throw new Error('not wanted')
    })
    const error = await parser.parse(png(20_000, 20_000), {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ParseError)
    expect(error).toMatchObject({
      code: 'too_large',
      message: expect.stringContaining(
        '20,000 x 20,000 pixels (400 million); images are read up to 40 million',
      ),
    })
    expect(loaded).toBe(false)
    // A 600 dpi letter page (5100 x 6600, 33.7 million) is let through to the engine.
    await parser.parse(jpeg(5100, 6600), {}).catch(() => undefined)
    expect(loaded).toBe(true)
  })
})
