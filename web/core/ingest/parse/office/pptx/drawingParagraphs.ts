import { cleanLine } from '../cleanText'
import { childElements, firstChild, textContent } from '../readXml'
import type { XmlElement } from '../readXml'

/** One DrawingML paragraph (`a:p`) of a text body. */
export interface DrawingParagraph {
  text: string
  /** true: the paragraph sets a bullet or number; false: it sets none; undefined: inherited. */
  bullet?: boolean
}

/**
 * The non-empty paragraphs of a DrawingML text body (`p:txBody`, `a:txBody`, `dgm:t`): runs,
 * fields (slide numbers, dates) and equation text joined; a line break inside a paragraph becomes
 * a space.
 */
export function drawingParagraphs(textBody: XmlElement): DrawingParagraph[] {
  const paragraphs: DrawingParagraph[] = []
  for (const paragraph of childElements(textBody, 'a:p')) {
    const text = cleanLine(runText(paragraph))
    if (text === '') continue
    const properties = firstChild(paragraph, 'a:pPr')
    const bullet = properties === undefined ? undefined : bulletOf(properties)
    paragraphs.push(bullet === undefined ? { text } : { text, bullet })
  }
  return paragraphs
}

function runText(element: XmlElement): string {
  let text = ''
  for (const child of element.children) {
    if (typeof child === 'string') continue
    if (child.name === 'a:t' || child.name === 'm:t') text += textContent(child)
    else if (child.name === 'a:br') text += ' '
    else if (child.name !== 'a:pPr' && child.name !== 'a:rPr' && child.name !== 'a:endParaRPr') {
      text += runText(child)
    }
  }
  return text
}

function bulletOf(properties: XmlElement): boolean | undefined {
  if (firstChild(properties, 'a:buNone') !== undefined) return false
  const bulleted = ['a:buChar', 'a:buAutoNum', 'a:buBlip'].some(
    (name) => firstChild(properties, name) !== undefined,
  )
  return bulleted ? true : undefined
}
