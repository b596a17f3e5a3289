import { cleanLine } from './cleanText'
import { childElements, firstChild, parseXml, textContent } from './readXml'
import { relatedPart } from './relationships'
import type { ZipArchive } from './zip'

/** The `dc:title` of the package's core properties (docProps/core.xml), if it has a non-empty one. */
export function coreTitle(zip: ZipArchive): string | undefined {
  const part = relatedPart(zip, '', 'core-properties') ?? 'docProps/core.xml'
  const xml = zip.text(part)
  if (xml === undefined) return undefined
  const properties = childElements(parseXml(xml), 'cp:coreProperties')[0]
  const title = properties === undefined ? undefined : firstChild(properties, 'dc:title')
  const text = title === undefined ? '' : cleanLine(textContent(title))
  return text === '' ? undefined : text
}
