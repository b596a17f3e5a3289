import type { Page } from '@playwright/test'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * Creates a collection `name` holding one file through the page's own API (the in-browser API, or the
 * server's on its origin) and waits, `quietLimitMs` at most on a quiet machine, until the file is
 * processed: the document's status then ('completed' unless it failed or is still processing).
 */
export function seedCollectionInPage(
  page: Page,
  collection: { name: string; description: string },
  file: { name: string; type: string; base64: string },
  quietLimitMs: number,
): Promise<string> {
  return page.evaluate(
    async ({ collection, file, limitMs }) => {
      const created = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(collection),
      }).then((r) => r.json())
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
      const form = new FormData()
      form.set('collection_id', created.id)
      form.set('file', new File([bytes], file.name, { type: file.type }))
      let document = await fetch('/api/documents/', { method: 'POST', body: form }).then((r) => r.json())
      const deadline = Date.now() + limitMs
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        document = await fetch(`/api/documents/${document.id}`).then((r) => r.json())
      }
      return document.status as string
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { collection, file, limitMs: scaledTimeout(quietLimitMs) },
  )
}
