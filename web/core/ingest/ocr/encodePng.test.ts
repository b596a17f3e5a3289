import { unzlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { encodePng } from './encodePng'

describe('encodePng', () => {
  it('writes a PNG whose header, CRCs and pixel rows a reader accepts', () => {
    const png = encodePng({
      width: 2,
      height: 2,
      channels: 3,
      data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    })
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const view = new DataView(png.buffer)
    expect(view.getUint32(16)).toBe(2) // width
    expect(view.getUint32(20)).toBe(2) // height
    expect(png[25]).toBe(2) // colour type RGB
    // The IHDR CRC of a 2x2 8-bit RGB image, as any PNG writer computes it.
    expect(view.getUint32(29).toString(16)).toBe('fd d4 9a 73'.replaceAll(' ', ''))
    const idatLength = view.getUint32(33)
    const rows = unzlibSync(png.subarray(41, 41 + idatLength))
    expect([...rows]).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12])
  })

  it('refuses pixel data shorter than the image', () => {
    expect(() => encodePng({ width: 4, height: 4, channels: 1, data: new Uint8Array(15) })).toThrow(
      /too short/,
    )
  })
})
