import { textContent } from '../readXml'
import type { XmlElement } from '../readXml'

// Elements whose text is not part of what the reader sees: deleted or moved-away revisions, field
// instructions (the field's result is kept), property bags and content-control settings.
const skipped = new Set([
  'w:del',
  'w:moveFrom',
  'w:delText',
  'w:instrText',
  'w:delInstrText',
  'w:pPr',
  'w:rPr',
  'w:sdtPr',
  'w:sdtEndPr',
  'w:footnoteReference',
  'w:endnoteReference',
  'w:commentReference',
])

/**
 * The visible text of a paragraph (`w:p`) in reading order: `w:t` runs (inside hyperlinks, content
 * controls, simple fields, smart tags and inserted revisions alike), tabs, line breaks,
 * non-breaking hyphens and equation text (`m:t`). Text boxes anchored in the paragraph are not
 * inlined: their `w:txbxContent` elements are pushed onto `textBoxes` for the caller to read as
 * paragraphs of their own.
 */
export function paragraphText(paragraph: XmlElement, textBoxes: XmlElement[]): string {
  const parts: string[] = []
  collect(paragraph, parts, textBoxes)
  return parts.join('')
}

function collect(element: XmlElement, parts: string[], textBoxes: XmlElement[]): void {
  for (const child of element.children) {
    if (typeof child === 'string') continue
    switch (child.name) {
      case 'w:t':
      case 'm:t':
        parts.push(textContent(child))
        break
      case 'w:tab':
      case 'w:ptab':
        parts.push('\t')
        break
      case 'w:br':
      case 'w:cr':
        parts.push('\n')
        break
      case 'w:noBreakHyphen':
        parts.push('-')
        break
      case 'w:txbxContent':
        textBoxes.push(child)
        break
      default:
        if (!skipped.has(child.name)) collect(child, parts, textBoxes)
    }
  }
}
