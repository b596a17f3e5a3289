import type { DocumentParser } from '../DocumentModel'
import { htmlParser } from './text/htmlParser'
import { markdownParser } from './text/markdownParser'
import { textParser } from './text/textParser'

/** The parsers for text formats: Markdown, HTML and plain text. */
export const textParsers: readonly DocumentParser[] = [markdownParser, htmlParser, textParser]
