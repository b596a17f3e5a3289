import { parseTextHere, type TextParsing } from '../ingest/parse/TextParsing'
import { ParseError } from '../ingest/ParseError'

/** The media types a page may have to be read: what BrainDrive's scrape accepts. */
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i
const PLAIN = /^text\/plain\b/i

/** Whether a page of this Content-Type can be read (HTML, XHTML, plain text). */
export function isReadablePage(contentType: string): boolean {
  return HTML.test(contentType.trim()) || PLAIN.test(contentType.trim())
}

/** How long reading one fetched page may take (its fetch has PAGE_TIMEOUT_MS of its own). */
export const PAGE_READ_TIMEOUT_MS = 10_000

/**
 * A page's main text and title, read with the very parsers ingestion uses for HTML and text files
 * (`ingest/parse/text`: the `<main>`/only `<article>`/body, without scripts, hidden elements and
 * navigation furniture), so a scraped page and an uploaded copy of it read the same, as its
 * Content-Type says (not sniffed). Blocks are joined by blank lines. Throws the parse's ParseError:
 * `no_text` for a page without text, `timeout` past PAGE_READ_TIMEOUT_MS.
 */
export async function pageText(
  bytes: Uint8Array,
  contentType: string,
  parse: TextParsing = parseTextHere,
): Promise<{ title: string | null; text: string }> {
  if (bytes.length === 0) throw new ParseError('no_text', 'The page is empty')
  const kind = HTML.test(contentType.trim()) ? 'html' : 'text'
  const parsed = await parse(bytes, `page.${kind === 'html' ? 'html' : 'txt'}`, {
    timeoutMs: PAGE_READ_TIMEOUT_MS,
    kind,
  })
  return {
    title: parsed.title ?? null,
    text: parsed.blocks.map((block) => block.text).join('\n\n'),
  }
}
