/** Creates a collection over HTTP for a test and answers its id (`headers`: a user's Bearer, say). */
export async function createTestCollection(
  baseUrl: string,
  name: string,
  description: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const created = await fetch(`${baseUrl}/api/collections/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name, description }),
  })
  if (created.status !== 201) throw new Error(`Creating a collection answered ${created.status}`)
  return ((await created.json()) as { id: string }).id
}
