import type { ParsedDocument } from '../ingest/DocumentModel'
import { htmlParser } from '../ingest/parse/text/htmlParser'
import { textParser } from '../ingest/parse/text/textParser'

/** The media types a page may have to be read: what BrainDrive's scrape accepts. */
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i
const PLAIN = /^text\/plain\b/i

/** Whether a page of this Content-Type can be read (HTML, XHTML, plain text). */
export function isReadablePage(contentType: string): boolean {
  return HTML.test(contentType.trim()) || PLAIN.test(contentType.trim())
}

/**
 * A page's main text and title, read with the very parsers ingestion uses for HTML and text files
 * (`ingest/parse/text`: the `<main>`/only `<article>`/body, without scripts, hidden elements and
 * navigation furniture), so a scraped page and an uploaded copy of it read the same. Blocks are
 * joined by blank lines. Throws the parser's ParseError (`no_text`) for a page without text.
 */
export async function pageText(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ title: string | null; text: string }> {
  const parser = HTML.test(contentType.trim()) ? htmlParser : textParser
  const parsed: ParsedDocument = await parser.parse(bytes, {})
  return {
    title: parsed.title ?? null,
    text: parsed.blocks.map((block) => block.text).join('\n\n'),
  }
}
