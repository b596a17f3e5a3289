/**
 * Reads a chat stream's `text/event-stream` body until `count` token events have come (or it ends), and
 * returns the text read: a test then aborts mid-answer, with a partial answer already sent.
 */
export async function readUntilTokens(response: Response, count: number): Promise<string> {
  const reader = response.body!.getReader()
  let text = ''
  while ((text.match(/event: token/g) ?? []).length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  return text
}
