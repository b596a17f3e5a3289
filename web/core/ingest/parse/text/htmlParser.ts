import { isTag, type Document, type Element } from 'domhandler'
import { DomUtils } from 'htmlparser2'
import type { DocumentParser } from '../../DocumentModel'
import { appendHtmlBlocks } from './appendHtmlBlocks'
import { BlockBuilder } from './BlockBuilder'
import { decodeText } from './decodeText'
import { findContentRoot } from './findContentRoot'
import { parseHtmlDocument } from './parseHtmlDocument'

/**
 * Saved web pages: the main content only, as headings, paragraphs, lists, tables and code. What is
 * left out, and why, is in `isDroppedElement` and `findContentRoot`. The title is the page's
 * `<title>`, else its first heading.
 */
export const htmlParser: DocumentParser = {
  kinds: ['html'],
  async parse(bytes, options) {
    const document = parseHtmlDocument(decodeText(bytes, declaredCharset(bytes)))
    const builder = htmlDocumentBlocks(document, options.maxChars)
    return builder.finish(pageTitle(document) ?? builder.headingTitle())
  },
}

/** The tree is built whole (htmlparser2); the walk over it stops at `maxChars`. */
function htmlDocumentBlocks(document: Document, maxChars: number | undefined): BlockBuilder {
  const { root, isContent } = findContentRoot(document)
  const builder = new BlockBuilder(maxChars)
  appendHtmlBlocks(root, builder, isContent)
  if (builder.blocks.length > 0 || !isContent) return builder
  // A <main> or <article> that is empty (filled in by scripts, say): the whole page is better than nothing.
  const whole = new BlockBuilder(maxChars)
  appendHtmlBlocks(DomUtils.findOne((element) => element.name === 'body', document) ?? document, whole, false)
  return whole
}

function pageTitle(document: Document): string | undefined {
  // SVG icons have <title> elements of their own.
  const title = DomUtils.findOne((element) => element.name === 'title' && !insideSvg(element), document)
  const text = title ? DomUtils.textContent(title).replace(/\s+/g, ' ').trim() : ''
  return text || undefined
}

function insideSvg(element: Element): boolean {
  for (let node = element.parent; node && isTag(node); node = node.parent) {
    if (node.name === 'svg') return true
  }
  return false
}

/**
 * The encoding the page declares in its first kilobyte (`<meta charset>`, the http-equiv form, or
 * an XML declaration), used only when the bytes are not valid UTF-8.
 */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 1024))
  return (
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1]
  )
}
