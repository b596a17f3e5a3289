import { describe, expect, it } from 'vitest'
import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, zoomLabel, zoomStep } from './pdfZoom'

describe('pdfZoom', () => {
  it('steps in and out through the steps, and stops at the ends', () => {
    expect(zoomStep(1, 1)).toBe(1.25)
    expect(zoomStep(1.25, -1)).toBe(1)
    expect(zoomStep(MIN_ZOOM, -1)).toBe(MIN_ZOOM)
    expect(zoomStep(MAX_ZOOM, 1)).toBe(MAX_ZOOM)
  })

  it('steps from a pinched zoom to the next step on that side', () => {
    expect(zoomStep(1.7, 1)).toBe(2)
    expect(zoomStep(1.7, -1)).toBe(1.5)
    expect(zoomStep(1.5004, 1)).toBe(2)
  })

  it('follows the fingers, within the limits', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2)
    expect(pinchZoom(2, 200, 100)).toBe(1)
    expect(pinchZoom(1, 100, 50)).toBe(MIN_ZOOM)
    expect(pinchZoom(2, 10, 1000)).toBe(MAX_ZOOM)
    expect(pinchZoom(1.5, 0, 100)).toBe(1.5)
  })

  it('clamps what is not a zoom', () => {
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM)
    expect(clampZoom(0.2)).toBe(MIN_ZOOM)
    expect(clampZoom(9)).toBe(MAX_ZOOM)
  })

  it('labels a zoom as a percentage', () => {
    expect(zoomLabel(1)).toBe('100%')
    expect(zoomLabel(1.734)).toBe('173%')
  })
})
