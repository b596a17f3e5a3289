import { DomHandler, type Document } from 'domhandler'
import { Parser } from 'htmlparser2'
import { ParseError } from '../../ParseError'

/**
 * The deepest elements may nest. Real pages stay within a few hundred (Chromium's parser stops
 * nesting at 512 and adds the rest as siblings). Past it a page is built to hurt: htmlparser2 keeps
 * its open elements in an array it grows at the front, so parsing is quadratic in the depth (a 2 MB
 * page of nested `<div>`s took 37 s), and the tree walks after it are recursive (they overflowed the
 * stack at 10,000).
 */
export const MAX_HTML_DEPTH = 1_000

/** DomHandler that refuses an element nested past MAX_HTML_DEPTH, stopping the parse there. */
class DepthLimitedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    // The stack holds the document and every open element.
    if (this.tagStack.length > MAX_HTML_DEPTH) {
      throw new ParseError(
        'corrupt',
        `This HTML nests its elements more than ${MAX_HTML_DEPTH.toLocaleString('en')} deep, which no real page does; it was not read.`,
      )
    }
    super.onopentag(name, attribs)
  }
}

/** htmlparser2's `parseDocument`, refusing pages nested past MAX_HTML_DEPTH in time linear in their size. */
export function parseHtmlDocument(html: string): Document {
  const handler = new DepthLimitedHandler()
  new Parser(handler).end(html)
  return handler.root
}
