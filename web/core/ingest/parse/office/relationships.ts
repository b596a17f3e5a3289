import { childElements, parseXml } from './readXml'
import type { ZipArchive } from './zip'

/** One OPC relationship of a part, its target resolved to a part name inside the package. */
export interface Relationship {
  id: string
  /** The relationship type URI; compare its last segment with relationshipKind. */
  type: string
  /** Resolved part name ('ppt/slides/slide1.xml'); empty for external targets. */
  target: string
}

/**
 * Reads the relationships of `partName` (from `<dir>/_rels/<file>.rels`). A missing or empty rels
 * part yields no relationships; external targets (hyperlinks) are left out.
 */
export function readRelationships(zip: ZipArchive, partName: string): Relationship[] {
  const slash = partName.lastIndexOf('/')
  const dir = slash < 0 ? '' : partName.slice(0, slash)
  const file = partName.slice(slash + 1)
  const xml = zip.text(`${dir === '' ? '' : `${dir}/`}_rels/${file}.rels`)
  if (xml === undefined) return []
  const root = childElements(parseXml(xml), 'rel:Relationships')[0]
  if (root === undefined) return []
  const relationships: Relationship[] = []
  for (const rel of childElements(root, 'rel:Relationship')) {
    const id = rel.attrs.Id
    const target = rel.attrs.Target
    if (id === undefined || target === undefined || rel.attrs.TargetMode === 'External') continue
    relationships.push({ id, type: rel.attrs.Type ?? '', target: resolvePartName(dir, target) })
  }
  return relationships
}

/**
 * The last segment of a relationship type URI ('officeDocument', 'slide', 'notesSlide'), which is
 * the same in the Transitional and Strict namespaces.
 */
export function relationshipKind(relationship: Relationship): string {
  return relationship.type.slice(relationship.type.lastIndexOf('/') + 1)
}

/** The first relationship of `partName` of the given kind. */
export function relatedPart(zip: ZipArchive, partName: string, kind: string): string | undefined {
  return readRelationships(zip, partName).find((rel) => relationshipKind(rel) === kind)?.target
}

/** The package's main part ('word/document.xml', 'ppt/presentation.xml') from `_rels/.rels`. */
export function mainPartName(zip: ZipArchive, fallback: string): string {
  const target = relatedPart(zip, '', 'officeDocument')
  return target !== undefined && zip.has(target) ? target : fallback
}

function resolvePartName(baseDir: string, target: string): string {
  let decoded = target
  try {
    decoded = decodeURIComponent(target)
  } catch {
    // A malformed escape: use the target as written.
  }
  const segments = decoded.startsWith('/') ? [] : baseDir.split('/').filter((s) => s !== '')
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return segments.join('/')
}
