import type { Page } from '@playwright/test'
import { HARBOUR_SURVEY } from './harbourChat'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * A collection `Harbour` (described `description`) holding the harbour survey, then one document chat
 * per entry of `chats`, each asked its questions in order, all through the page's own API; waits up to a
 * minute (scaled) for the survey to be processed first. The chats' ids, in the order of `chats`.
 */
export function seedHarbourChats(
  page: Page,
  description: string,
  chats: ReadonlyArray<{ name: string; questions: readonly string[] }>,
): Promise<string[]> {
  return page.evaluate(
    async ({ notes, description, chats, limitMs }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json())
      const collection = await post('/api/collections/', { name: 'Harbour', description })
      const form = new FormData()
      form.set('collection_id', collection.id)
      form.set('file', new File([notes], 'harbour.md', { type: 'text/markdown' }))
      let document = await fetch('/api/documents/', { method: 'POST', body: form }).then((r) => r.json())
      const deadline = Date.now() + limitMs
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        document = await fetch(`/api/documents/${document.id}`).then((r) => r.json())
      }
      const ids: string[] = []
      for (const { name, questions } of chats) {
        const session = await post('/api/chat/sessions', { name, collection_id: collection.id })
        for (const message of questions) await post('/api/chat/message', { session_id: session.id, message })
        ids.push(session.id as string)
      }
      return ids
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { notes: HARBOUR_SURVEY, description, chats, limitMs: scaledTimeout(60_000) },
  )
}
