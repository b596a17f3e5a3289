import { childElements, childPath, parseXml } from '../readXml'
import type { XmlElement } from '../readXml'

/** What a paragraph style means for structure, after following its `w:basedOn` chain. */
export interface ParagraphStyle {
  /** Heading level 1-9 (Title is 1); undefined for body text. */
  headingLevel?: number
  /** The style itself numbers its paragraphs (List Bullet, List Number). */
  numbered: boolean
}

interface StyleEntry {
  name: string
  basedOn?: string
  /** w:outlineLvl 0-9 from the style's own pPr (9 means body text). */
  outlineLevel?: number
  /** The style's own numPr: true numbered, false explicitly un-numbered (numId 0). */
  numbered?: boolean
}

/** Resolves paragraph style ids to structure, from word/styles.xml. */
export class StyleSheet {
  private readonly entries = new Map<string, StyleEntry>()
  private readonly resolved = new Map<string, ParagraphStyle>()

  constructor(stylesXml: string | undefined) {
    if (stylesXml === undefined) return
    const root = childElements(parseXml(stylesXml), 'w:styles')[0]
    if (root === undefined) return
    for (const style of childElements(root, 'w:style')) {
      const id = style.attrs['w:styleId']
      if (id === undefined || (style.attrs['w:type'] ?? 'paragraph') !== 'paragraph') continue
      this.entries.set(id, readEntry(style))
    }
  }

  /** The structure of paragraph style `id`; unknown ids are body text. */
  paragraphStyle(id: string | undefined): ParagraphStyle {
    if (id === undefined) return { numbered: false }
    const cached = this.resolved.get(id)
    if (cached !== undefined) return cached
    const style: ParagraphStyle = { headingLevel: this.headingLevel(id), numbered: this.numbered(id) }
    this.resolved.set(id, style)
    return style
  }

  // Word's built-in names are locale-independent ('heading 1', 'Title') even where the style ids
  // are localised ('1', 'a3'), so names are checked before outline levels.
  private headingLevel(id: string): number | undefined {
    for (const entry of this.chain(id)) {
      const byName = /^heading\s*([1-9])$/i.exec(entry.name)
      if (byName?.[1] !== undefined) return Number(byName[1])
      if (entry.name === 'Title') return 1
      if (entry.outlineLevel !== undefined) return entry.outlineLevel < 9 ? entry.outlineLevel + 1 : undefined
    }
    return undefined
  }

  private numbered(id: string): boolean {
    for (const entry of this.chain(id)) if (entry.numbered !== undefined) return entry.numbered
    return false
  }

  /** The style and its ancestors; a basedOn cycle in a hostile file ends the walk. */
  private chain(id: string): StyleEntry[] {
    const chain: StyleEntry[] = []
    const seen = new Set<string>()
    let current: string | undefined = id
    while (current !== undefined && !seen.has(current) && chain.length < 32) {
      seen.add(current)
      const entry = this.entries.get(current)
      if (entry === undefined) break
      chain.push(entry)
      current = entry.basedOn
    }
    return chain
  }
}

function readEntry(style: XmlElement): StyleEntry {
  const entry: StyleEntry = { name: childPath(style, 'w:name')?.attrs['w:val'] ?? '' }
  const basedOn = childPath(style, 'w:basedOn')?.attrs['w:val']
  if (basedOn !== undefined) entry.basedOn = basedOn
  const outline = outlineLevel(childPath(style, 'w:pPr', 'w:outlineLvl'))
  if (outline !== undefined) entry.outlineLevel = outline
  const numId = childPath(style, 'w:pPr', 'w:numPr', 'w:numId')?.attrs['w:val']
  if (numId !== undefined) entry.numbered = numId !== '0'
  return entry
}

/** A w:outlineLvl element's value 0-9, or undefined when absent or out of range. */
export function outlineLevel(element: XmlElement | undefined): number | undefined {
  const value = element?.attrs['w:val']
  return value !== undefined && /^[0-9]$/.test(value) ? Number(value) : undefined
}
