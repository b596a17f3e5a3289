/**
 * A PDF page's zoom, as a multiple of the width that fits its box: 1 fits the width (the default, on a
 * phone too: issue 70), the buttons and + / - step through these, and a pinch goes anywhere between the
 * first and the last.
 */
export const ZOOM_STEPS = [1, 1.25, 1.5, 2, 3, 4] as const

export const MIN_ZOOM = ZOOM_STEPS[0]
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 4

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM
  return Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM)
}

/** The next step in (1) or out (-1) from any zoom, a pinched one between steps included. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  const near = 0.001
  const next =
    direction > 0
      ? ZOOM_STEPS.find((step) => step > zoom + near)
      : [...ZOOM_STEPS].reverse().find((step) => step < zoom - near)
  return next ?? (direction > 0 ? MAX_ZOOM : MIN_ZOOM)
}

/** A pinch that began at `startZoom` with the fingers `startDistance` apart, now `distance` apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom)
  return clampZoom((startZoom * distance) / startDistance)
}

/** "150%": what the reader's bar shows. */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)}%`
}
