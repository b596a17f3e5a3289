/** Where a document question can be asked: a collection holding one processed document, and a chat session on it. */
export interface SeededChatSession {
  collectionId: string
  sessionId: string
}

/**
 * Makes a collection named `collection`, uploads `text` as the file `file` (Markdown unless `type` says) into it, waits until the
 * server has processed it and opens a chat session on the collection: the setup every server test (and
 * benchmark) of document answers needs. `headers` carry a signed-in person's credentials. Throws on any
 * answer outside 2xx, so a broken setup fails as itself rather than as an empty answer later.
 */
export async function seedChatSession(
  quire: { url: string; idle(): Promise<void> },
  document: { collection: string; file: string; text: string | Uint8Array<ArrayBuffer>; type?: string },
  headers: Record<string, string> = {},
): Promise<SeededChatSession> {
  const post = async (path: string, body: BodyInit, type?: string) => {
    const response = await fetch(`${quire.url}${path}`, {
      method: 'POST',
      headers: type ? { ...headers, 'content-type': type } : headers,
      body,
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`)
    return JSON.parse(text) as { id: string }
  }
  const json = (value: unknown) => JSON.stringify(value)
  const collection = await post(
    '/api/collections/',
    json({ name: document.collection, description: `${document.collection} notes` }),
    'application/json',
  )
  const form = new FormData()
  form.set('collection_id', collection.id)
  form.set('file', new Blob([document.text], { type: document.type ?? 'text/markdown' }), document.file)
  await post('/api/documents/', form)
  await quire.idle()
  const session = await post(
    '/api/chat/sessions',
    json({ name: document.collection, collection_id: collection.id }),
    'application/json',
  )
  return { collectionId: collection.id, sessionId: session.id }
}
