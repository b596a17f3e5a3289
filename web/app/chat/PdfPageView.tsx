import { createEffect, createSignal, on, onCleanup, onMount, Show } from 'solid-js'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { errorDetail } from '../api/ApiRequestError'
import { attachPinchZoom } from '../documents/pinchZoom'
import { clampZoom, zoomLabel, zoomStep } from '../documents/pdfZoom'
import { highlightRects, type Rect } from './highlightRects'
import { termRects } from './termRects'
import './sourcePanel.css'

export interface PdfPageViewProps {
  documentId: string
  page: number
  /** The cited passage to mark on the page; none in a document's preview. */
  passage?: string
  /** The answer's sentence that cites the passage: the lines of the passage it read are what is marked. */
  quote?: string | undefined
  /** Words looked for in the document (find in document), marked wherever they occur on the page. */
  terms?: string | undefined
  /** Told the document's page count once it has loaded (the preview pages through it). */
  onPageCount?: (count: number) => void
  /** Handed the loaded document, for what reads more than one page (find in document). */
  onDocument?: (pdf: PDFDocumentProxy) => void
  /**
   * The zoom (1 fits the width), where a reader's own bar holds the zoom buttons (`documents/PdfReader`):
   * with `onZoom` given, this draws none of its own, and a pinch or + / - asks for a zoom through it.
   */
  zoom?: number
  onZoom?: (zoom: number) => void
}

/** Where a zoom keeps still: a point of the box's visible area (a pinch's midpoint, else its middle). */
interface Anchor {
  x: number
  y: number
  scale: number
}

/**
 * One page of a stored PDF, drawn with pdf.js (loaded only now, so the app shell never carries it), with
 * the cited passage marked, and zoomable: Zoom in / Zoom out, + and - on the page itself, or two fingers,
 * the page scrolling when larger than its box. At zoom 1 it fits the box's width, and drawn again when
 * that width changes (a phone turned, a window resized). The original bytes come from
 * `GET /api/documents/:id/file`, once; another page or zoom draws again from the loaded document.
 */
export function PdfPageView(props: PdfPageViewProps) {
  let canvas!: HTMLCanvasElement
  let overlay!: HTMLDivElement
  let box!: HTMLDivElement
  let sheet!: HTMLDivElement
  const [state, setState] = createSignal<'loading' | 'ready' | 'failed'>('loading')
  const [error, setError] = createSignal('')
  const [ownZoom, setOwnZoom] = createSignal(1)
  const zoom = () => clampZoom(props.onZoom ? (props.zoom ?? 1) : ownZoom())
  const [width, setWidth] = createSignal(0)
  /** Where the next draw keeps the page still, so a zoom does not jump to the page's corner. */
  let anchor: Anchor | undefined
  const [pdf, setPdf] = createSignal<PDFDocumentProxy>()
  const controller = new AbortController()
  /** The draw on the canvas now, if any: pdf.js refuses a second one on a canvas still being drawn. */
  let rendering: RenderTask | undefined
  onCleanup(() => {
    controller.abort()
    rendering?.cancel()
    void pdf()?.destroy()
  })

  const fail = (caught: unknown) => {
    if (controller.signal.aborted) return
    setError(errorDetail(caught))
    setState('failed')
  }

  onMount(() => {
    void load().catch(fail)
    setWidth(box.clientWidth)
    const resized = new ResizeObserver(() => setWidth(box.clientWidth))
    resized.observe(box)
    const detach = attachPinchZoom(box, {
      zoom,
      preview: (scale, x, y) => {
        sheet.style.transformOrigin = `${box.scrollLeft + x}px ${box.scrollTop + y}px`
        sheet.style.transform = `scale(${scale})`
      },
      commit: (next, x, y) => setZoom(next, { x, y, scale: next / zoom() }),
    })
    onCleanup(() => {
      resized.disconnect()
      detach()
    })
  })

  const setZoom = (next: number, at?: Anchor) => {
    const wanted = clampZoom(next)
    if (wanted === zoom()) {
      sheet.style.transform = ''
      return
    }
    anchor = at ?? { x: box.clientWidth / 2, y: box.clientHeight / 2, scale: wanted / zoom() }
    if (props.onZoom) props.onZoom(wanted)
    else setOwnZoom(wanted)
  }

  async function load() {
    const response = await fetch(`/api/documents/${encodeURIComponent(props.documentId)}/file`, {
      signal: controller.signal,
    })
    if (!response.ok) throw new Error(`The original file could not be loaded (${response.status}).`)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const [pdfjs, { default: workerUrl }] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ])
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
    // No eval: under the app's CSP pdf.js's test for it would be reported as a violation.
    const loaded = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise
    if (controller.signal.aborted) return void loaded.destroy()
    props.onPageCount?.(loaded.numPages)
    props.onDocument?.(loaded)
    setPdf(loaded)
  }

  // Draws whenever the document has loaded, the page changes, the zoom or the box's width does; a later
  // draw wins.
  let drawn = 0
  let lastZoom = zoom()
  createEffect(
    on([pdf, () => props.page, zoom, () => props.terms, width], ([loaded, pageNumber, scale]) => {
      if (!loaded) return
      // A zoom asked for from outside (a reader's bar) keeps the middle of the box still.
      if (scale !== lastZoom && anchor === undefined)
        anchor = { x: box.clientWidth / 2, y: box.clientHeight / 2, scale: scale / lastZoom }
      lastZoom = scale
      const turn = ++drawn
      setState('loading')
      void draw(loaded, pageNumber, scale, () => turn === drawn).catch(fail)
    }),
  )

  async function draw(loaded: PDFDocumentProxy, pageNumber: number, scale: number, current: () => boolean) {
    const page = await loaded.getPage(Math.min(Math.max(pageNumber, 1), loaded.numPages))
    if (!current()) return
    // A zoom or page asked for while the last one is still being drawn (a slow machine, a quick click)
    // stops that draw first: pdf.js rejects a second render on the same canvas, and the page failed.
    if (rendering) {
      rendering.cancel()
      await rendering.promise.catch(() => {})
      if (!current()) return
    }
    // Fit the box's width at zoom 1; render at device pixels so text stays sharp.
    const cssWidth = (box.clientWidth || 480) - 2
    const base = page.getViewport({ scale: 1 })
    const viewport = page.getViewport({ scale: (cssWidth / base.width) * scale })
    const ratio = window.devicePixelRatio || 1
    canvas.width = Math.floor(viewport.width * ratio)
    canvas.height = Math.floor(viewport.height * ratio)
    canvas.style.width = `${viewport.width}px`
    canvas.style.height = `${viewport.height}px`
    // The pinch's preview ends where the real size begins; the point under the fingers stays there.
    sheet.style.transform = ''
    if (anchor) {
      box.scrollLeft = (box.scrollLeft + anchor.x) * anchor.scale - anchor.x
      box.scrollTop = (box.scrollTop + anchor.y) * anchor.scale - anchor.y
      anchor = undefined
    }
    const task = page.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    })
    rendering = task
    try {
      await task.promise
    } catch (error) {
      // Cancelled for a later draw: that one shows the page.
      if (!current()) return
      throw error
    } finally {
      if (rendering === task) rendering = undefined
    }
    const passage = props.passage
    const terms = props.terms?.trim()
    const text = passage || terms ? await page.getTextContent() : undefined
    if (!current()) return
    overlay.style.width = canvas.style.width
    overlay.style.height = canvas.style.height
    const passageMarks =
      text && passage ? highlightRects(text.items, viewport.transform, passage, props.quote) : []
    const termMarks = text && terms ? termRects(text.items, viewport.transform, terms) : []
    overlay.replaceChildren(
      ...passageMarks.map((rect) => mark(rect, 'chat-pdf-mark')),
      ...termMarks.map((rect) => mark(rect, 'chat-pdf-mark chat-pdf-found')),
    )
    setState('ready')
    page.cleanup()
    // What was looked for, or the passage, may be far down a page drawn wider than its box: bring it in.
    const first = termMarks[0] ?? passageMarks[0]
    if (first) box.scrollTop = Math.max(0, first.y - box.clientHeight / 3)
  }

  function mark(rect: Rect, className: string): HTMLDivElement {
    const element = document.createElement('div')
    element.className = className
    Object.assign(element.style, {
      left: `${rect.x}px`,
      top: `${rect.y}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    })
    return element
  }

  const zoomBy = (direction: 1 | -1) => setZoom(zoomStep(zoom(), direction))
  const label = () =>
    props.passage
      ? `Page ${props.page} of the PDF, with the passage highlighted`
      : `Page ${props.page} of the PDF`

  return (
    <figure class="chat-pdf">
      <Show when={!props.onZoom}>
        <div class="chat-pdf-tools" role="group" aria-label="Zoom">
          <button
            type="button"
            class="button button-quiet button-small"
            aria-disabled={zoom() === zoomStep(zoom(), -1)}
            onClick={() => zoomBy(-1)}
          >
            Zoom out
          </button>
          <span class="chat-pdf-zoom" aria-live="polite">
            {zoomLabel(zoom())}
          </span>
          <button
            type="button"
            class="button button-quiet button-small"
            aria-disabled={zoom() === zoomStep(zoom(), 1)}
            onClick={() => zoomBy(1)}
          >
            Zoom in
          </button>
        </div>
      </Show>
      <Show when={state() === 'loading'}>
        <p class="chat-pdf-status" role="status">
          Rendering page {props.page}…
        </p>
      </Show>
      <Show when={state() === 'failed'}>
        <p class="chat-pdf-status">The page could not be shown: {error()}</p>
      </Show>
      {/* Focusable so that a keyboard can scroll a zoomed page and zoom it with + and -. */}
      <div
        ref={box}
        class="chat-pdf-box"
        hidden={state() === 'failed'}
        tabindex="0"
        role="group"
        aria-label={`${label()}; + and - zoom`}
        data-zoom={zoom()}
        onKeyDown={(event) => {
          if (event.key === '+' || event.key === '=') {
            event.preventDefault()
            zoomBy(1)
          } else if (event.key === '-' || event.key === '_') {
            event.preventDefault()
            zoomBy(-1)
          }
        }}
      >
        <div ref={sheet} class="chat-pdf-page">
          <canvas ref={canvas} aria-label={label()} role="img" />
          <div ref={overlay} class="chat-pdf-overlay" aria-hidden="true" />
        </div>
      </div>
      <figcaption class="visually-hidden">Page {props.page}</figcaption>
    </figure>
  )
}
