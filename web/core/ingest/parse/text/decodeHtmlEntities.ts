import { DomUtils, parseDocument } from 'htmlparser2'

/**
 * Resolves character references (`&amp;`, `&copy;`, `&#8212;`) the way HTML does. Markdown keeps
 * them literally in its text tokens. Every `<` is escaped first, so the text can never turn into tags.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text
  return DomUtils.textContent(parseDocument(text.replace(/</g, '&lt;')))
}
