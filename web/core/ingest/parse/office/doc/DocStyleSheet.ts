interface DocStyle {
  /** Built-in style identifier (MS-DOC StdfBase.sti): 1-9 are Heading 1-9. */
  sti: number
  name: string
  /** Based-on style index; 0x0fff means none. */
  base: number
}

const NO_BASE = 0x0fff

/**
 * The heading styles of a Word 97-2003 stylesheet (MS-DOC 2.9.271 STSH): a size-prefixed Stshi
 * (style count, STD base size), then one size-prefixed STD per style index (istd), each a StdfBase
 * (sti, based-on istd) followed at the base size by the style name (16-bit length, UTF-16). A
 * style is a heading by built-in identifier (sti 1-9), by name ('heading 1', 'Title') or by
 * inheriting one of those. Unreadable stylesheets have no headings.
 */
export class DocStyleSheet {
  private readonly styles: (DocStyle | undefined)[] = []

  constructor(tableStream: Uint8Array, stsh: { fc: number; lcb: number }) {
    if (stsh.lcb < 6 || stsh.fc + stsh.lcb > tableStream.length) return
    const view = new DataView(tableStream.buffer, tableStream.byteOffset + stsh.fc, stsh.lcb)
    const cbStshi = view.getUint16(0, true)
    if (2 + cbStshi > view.byteLength || cbStshi < 4) return
    const count = view.getUint16(2, true)
    const baseSize = view.getUint16(4, true)
    let offset = 2 + cbStshi
    for (let istd = 0; istd < count && offset + 2 <= view.byteLength; istd++) {
      const size = view.getUint16(offset, true)
      const start = offset + 2
      offset = start + size
      if (size < 10 || offset > view.byteLength) {
        this.styles.push(undefined)
        continue
      }
      this.styles.push({
        sti: view.getUint16(start, true) & 0x0fff,
        base: view.getUint16(start + 2, true) >> 4,
        name: styleName(view, start + baseSize, offset),
      })
    }
  }

  /** Heading level 1-9 (Title is 1) of style `istd`, following its based-on chain. */
  headingLevel(istd: number): number | undefined {
    const seen = new Set<number>()
    let current = istd
    while (current !== NO_BASE && !seen.has(current) && seen.size < 32) {
      seen.add(current)
      const style = this.styles[current]
      if (style === undefined) return undefined
      if (style.sti >= 1 && style.sti <= 9) return style.sti
      const byName = /^heading\s*([1-9])$/i.exec(style.name)
      if (byName?.[1] !== undefined) return Number(byName[1])
      if (style.name === 'Title') return 1
      current = style.base
    }
    return undefined
  }
}

function styleName(view: DataView, offset: number, end: number): string {
  if (offset + 2 > end) return ''
  const length = view.getUint16(offset, true)
  if (offset + 2 + length * 2 > end) return ''
  let name = ''
  for (let i = 0; i < length; i++) name += String.fromCharCode(view.getUint16(offset + 2 + i * 2, true))
  // Aliases follow the name after a comma ('heading 1,H1').
  return name.split(',')[0] ?? ''
}
