/** A URL as messages show it: without credentials or query, at most 200 characters. */
export function shown(url: string): string {
  let text = url
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    text = parsed.href
  } catch {
    // not a URL: shown as given, clipped
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
