import { expect, type Page } from '@playwright/test'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

export const HARBOUR_NOTES = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks.
`

/**
 * Creates a collection holding one Markdown file through the in-page API (the UI for this is tested
 * elsewhere) and waits until the file is processed, so searches and evaluations have passages to find.
 */
export async function seedNotesCollection(page: Page, name: string): Promise<string> {
  const outcome = await page.evaluate(
    async ({ name, notes, waitMs }) => {
      const created = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: 'field notes' }),
      })
      const collection = (await created.json()) as { id: string }
      const form = new FormData()
      form.set('collection_id', collection.id)
      form.set('file', new File([notes], 'harbour.md', { type: 'text/markdown' }))
      let document = (await (await fetch('/api/documents/', { method: 'POST', body: form })).json()) as {
        id: string
        status: string
      }
      const deadline = Date.now() + waitMs
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        document = (await (await fetch(`/api/documents/${document.id}`)).json()) as typeof document
      }
      return { collectionId: collection.id, status: document.status }
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { name, notes: HARBOUR_NOTES, waitMs: scaledTimeout(30_000) },
  )
  expect(outcome.status).toBe('completed')
  return outcome.collectionId
}
