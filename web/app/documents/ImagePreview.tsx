import { createResource, createSignal, onCleanup, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { fetchDocumentFile } from '../api/documentsApi'
import './imagePreview.css'

export interface ImagePreviewProps {
  documentId: string
  /** The file's name: the image's alt text (what it shows is what OCR read, not a description). */
  name: string
}

/**
 * An image document as it is, scaled to fit the dialog, with its size in pixels. Loaded as a blob (the
 * in-browser API answers fetches, not <img> requests) into an object URL that is revoked when the
 * preview goes. A format this browser cannot draw (TIFF in Chromium) says so and leaves the download.
 */
export function ImagePreview(props: ImagePreviewProps) {
  const controller = new AbortController()
  let current: string | undefined
  const revoke = () => {
    if (current) URL.revokeObjectURL(current)
    current = undefined
  }
  onCleanup(() => {
    controller.abort()
    revoke()
  })
  const [url] = createResource(
    () => props.documentId,
    async (id) => {
      const blob = await fetchDocumentFile(id, controller.signal)
      revoke()
      current = URL.createObjectURL(blob)
      return current
    },
  )
  const [size, setSize] = createSignal<{ width: number; height: number }>()
  const [undrawable, setUndrawable] = createSignal(false)
  return (
    <Show
      when={!url.error}
      fallback={
        <p class="form-alert" role="alert">
          {errorDetail(url.error)}
        </p>
      }
    >
      <Show when={url()} fallback={<p class="empty-text">Loading…</p>}>
        {(src) => (
          <Show
            when={!undrawable()}
            fallback={<p class="empty-text">This browser cannot show this image; download it to open it.</p>}
          >
            <figure class="document-preview-figure">
              <img
                class="document-preview-image"
                src={src()}
                alt={props.name}
                onLoad={(event) =>
                  setSize({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
                onError={() => setUndrawable(true)}
              />
              <Show when={size()}>
                {(pixels) => (
                  <figcaption class="document-preview-size">
                    {pixels().width} × {pixels().height} pixels
                  </figcaption>
                )}
              </Show>
            </figure>
          </Show>
        )}
      </Show>
    </Show>
  )
}
