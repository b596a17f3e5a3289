import { isTag, isText, type ChildNode, type Element } from 'domhandler'
import { cleanInlineText } from './cleanInlineText'
import { isDroppedElement } from './isDroppedElement'

/** Elements that start a new line when rendered; everything else flows inline. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'menu',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
])

/**
 * The text of an element as one line: a heading, a list item, a table cell. Dropped elements
 * (scripts, hidden ones) are left out, line breaks and block boundaries become spaces, and
 * `skipLists` leaves nested lists to the caller, which writes them as lines of their own.
 */
export function htmlInlineText(element: Element, skipLists = false): string {
  let text = ''
  const visit = (node: ChildNode): void => {
    if (isText(node)) {
      text += node.data
      return
    }
    // Inside a piece of content the page-level rule for header/footer does not apply.
    if (!isTag(node) || isDroppedElement(node, true)) return
    if (skipLists && (node.name === 'ul' || node.name === 'ol')) return
    const separate = node.name === 'br' || BLOCK_TAGS.has(node.name)
    if (separate) text += ' '
    node.children.forEach(visit)
    if (separate) text += ' '
  }
  element.children.forEach(visit)
  return cleanInlineText(text.replace(/\s+/g, ' '))
}
