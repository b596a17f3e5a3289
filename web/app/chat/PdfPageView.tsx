import { createSignal, onCleanup, onMount, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { highlightRects } from './highlightRects'

export interface PdfPageViewProps {
  documentId: string
  page: number
  passage: string
}

/**
 * One page of a stored PDF, drawn with pdf.js (loaded only now, so the app shell never carries it), with
 * the cited passage marked. The original bytes come from `GET /api/documents/:id/file`.
 */
export function PdfPageView(props: PdfPageViewProps) {
  let canvas!: HTMLCanvasElement
  let overlay!: HTMLDivElement
  const [state, setState] = createSignal<'loading' | 'ready' | 'failed'>('loading')
  const [error, setError] = createSignal('')
  const controller = new AbortController()
  let loaded: { destroy(): Promise<void> } | undefined
  onCleanup(() => {
    controller.abort()
    void loaded?.destroy()
  })

  onMount(() => {
    void render().catch((caught: unknown) => {
      if (controller.signal.aborted) return
      setError(errorDetail(caught))
      setState('failed')
    })
  })

  async function render() {
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
    const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise
    loaded = pdf
    if (controller.signal.aborted) return void pdf.destroy()
    const page = await pdf.getPage(Math.min(Math.max(props.page, 1), pdf.numPages))
    // Fit the panel's width; render at device pixels so text stays sharp.
    const cssWidth = canvas.parentElement?.clientWidth || 480
    const base = page.getViewport({ scale: 1 })
    const viewport = page.getViewport({ scale: cssWidth / base.width })
    const ratio = window.devicePixelRatio || 1
    canvas.width = Math.floor(viewport.width * ratio)
    canvas.height = Math.floor(viewport.height * ratio)
    canvas.style.width = `${viewport.width}px`
    canvas.style.height = `${viewport.height}px`
    await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
      .promise
    const text = await page.getTextContent()
    overlay.replaceChildren(
      ...highlightRects(text.items, viewport.transform, props.passage).map((rect) => {
        const mark = document.createElement('div')
        mark.className = 'chat-pdf-mark'
        Object.assign(mark.style, {
          left: `${rect.x}px`,
          top: `${rect.y}px`,
          width: `${rect.width}px`,
          height: `${rect.height}px`,
        })
        return mark
      }),
    )
    setState('ready')
    await page.cleanup()
  }

  return (
    <figure class="chat-pdf">
      <Show when={state() === 'loading'}>
        <p class="chat-pdf-status" role="status">
          Rendering page {props.page}…
        </p>
      </Show>
      <Show when={state() === 'failed'}>
        <p class="chat-pdf-status">The page could not be shown: {error()}</p>
      </Show>
      <div class="chat-pdf-page" hidden={state() === 'failed'}>
        <canvas
          ref={canvas}
          aria-label={`Page ${props.page} of the PDF, with the passage highlighted`}
          role="img"
        />
        <div ref={overlay} class="chat-pdf-overlay" aria-hidden="true" />
      </div>
      <figcaption class="visually-hidden">Page {props.page}</figcaption>
    </figure>
  )
}
