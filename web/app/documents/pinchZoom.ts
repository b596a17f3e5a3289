import { pinchZoom } from './pdfZoom'

export interface PinchHandlers {
  /** The zoom when a pinch begins. */
  zoom: () => number
  /** While the fingers move: the page scaled by `scale` about (x, y), a point in the box's visible area. */
  preview: (scale: number, x: number, y: number) => void
  /** The fingers lifted: the zoom to draw at, about the same point. */
  commit: (zoom: number, x: number, y: number) => void
}

/**
 * Two fingers on a page's box zoom it (issue 70: a page fitted to a phone's width is small to read). Touch
 * events, not pointer events: the box lets the browser pan it with one finger (`touch-action: pan-x
 * pan-y`, which also keeps the browser from zooming the whole app), and a pan the browser takes over would
 * cancel a pointer. Returns what detaches it.
 */
export function attachPinchZoom(box: HTMLElement, handlers: PinchHandlers): () => void {
  let pinch: { distance: number; zoom: number; x: number; y: number; now: number } | undefined

  const fingers = (event: TouchEvent) => {
    const [a, b] = [event.touches[0], event.touches[1]]
    if (!a || !b) return undefined
    const rect = box.getBoundingClientRect()
    return {
      distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
      x: (a.clientX + b.clientX) / 2 - rect.left,
      y: (a.clientY + b.clientY) / 2 - rect.top,
    }
  }

  const onStart = (event: TouchEvent) => {
    const two = fingers(event)
    if (!two || event.touches.length !== 2) return
    event.preventDefault()
    const zoom = handlers.zoom()
    pinch = { ...two, zoom, now: zoom }
  }
  const onMove = (event: TouchEvent) => {
    const two = fingers(event)
    if (!pinch || !two) return
    event.preventDefault()
    pinch.now = pinchZoom(pinch.zoom, pinch.distance, two.distance)
    handlers.preview(pinch.now / pinch.zoom, pinch.x, pinch.y)
  }
  const onEnd = (event: TouchEvent) => {
    if (!pinch || event.touches.length >= 2) return
    const { now, x, y } = pinch
    pinch = undefined
    handlers.commit(now, x, y)
  }

  // One finger pans the box, two are ours (the app's pinch, never the browser's zoom of the whole app).
  box.style.touchAction = 'pan-x pan-y'
  // Not passive: a pinch's moves are the page's, not the browser's.
  const options = { passive: false } as const
  box.addEventListener('touchstart', onStart, options)
  box.addEventListener('touchmove', onMove, options)
  box.addEventListener('touchend', onEnd)
  box.addEventListener('touchcancel', onEnd)
  return () => {
    box.removeEventListener('touchstart', onStart)
    box.removeEventListener('touchmove', onMove)
    box.removeEventListener('touchend', onEnd)
    box.removeEventListener('touchcancel', onEnd)
  }
}
