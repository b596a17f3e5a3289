/** What a paragraph's direct properties say about structure. */
export interface ParagraphInfo {
  /** The paragraph is (part of) a table cell. */
  inTable: boolean
  /** The paragraph is the mark that ends a table row. */
  rowEnd: boolean
  /** The paragraph is numbered or bulleted (it has a list reference). */
  listItem: boolean
  /** The style index (istd) into the stylesheet. */
  istd: number
  /** Direct outline level 0-8 (9 is body text), where the paragraph sets one. */
  outlineLevel?: number
}

const none: ParagraphInfo = { inTable: false, rowEnd: false, listItem: false, istd: 0 }
const PAGE = 512
// Paragraph sprms (MS-DOC 2.6.2): in a table, table-row end (TTP), table depth, list reference,
// outline level.
const sprmPFInTable = 0x2416
const sprmPFTtp = 0x2417
const sprmPItap = 0x6649
const sprmPIlfo = 0x460b
const sprmPOutLvl = 0x2640
const sprmTDefTable = 0xd608
const sprmPChgTabs = 0xc615

/**
 * Reads paragraph properties from the paragraph-property pages (MS-DOC 2.9.190 PlcBtePapx and
 * 2.9.177 PapxFkp): the bin table maps stream offsets (FCs) to 512-byte pages in the WordDocument
 * stream; each page maps FC runs to a PapxInFkp whose grpprl holds the style index and the sprms. Anything
 * that does not fit where it should reads as a plain paragraph: text is never lost, a table or
 * heading just degrades to paragraphs.
 */
export class ParagraphProperties {
  private readonly fcs: number[] = []
  private readonly pages: number[] = []
  private readonly cache = new Map<number, FkpPage | undefined>()

  constructor(
    tableStream: Uint8Array,
    plcf: { fc: number; lcb: number },
    private readonly wordDocument: Uint8Array,
  ) {
    if (plcf.lcb < 12 || (plcf.lcb - 4) % 8 !== 0 || plcf.fc + plcf.lcb > tableStream.length) return
    const view = new DataView(tableStream.buffer, tableStream.byteOffset + plcf.fc, plcf.lcb)
    const count = (plcf.lcb - 4) / 8
    for (let i = 0; i <= count; i++) this.fcs.push(view.getUint32(i * 4, true))
    for (let i = 0; i < count; i++) this.pages.push(view.getUint32((count + 1) * 4 + i * 4, true) & 0x3fffff)
  }

  /** The properties of the paragraph whose mark is at stream offset `fc`. */
  at(fc: number): ParagraphInfo {
    const page = this.pages[findRange(this.fcs, fc)]
    const fkp = page === undefined ? undefined : this.page(page)
    return fkp?.infos[findRange(fkp.fcs, fc)] ?? none
  }

  /** A PapxFkp page: crun in its last byte, crun+1 FCs, then crun 13-byte BxPap entries. */
  private page(page: number): FkpPage | undefined {
    if (this.cache.has(page)) return this.cache.get(page)
    let fkp: FkpPage | undefined
    const offset = page * PAGE
    if (offset + PAGE <= this.wordDocument.length) {
      const view = new DataView(this.wordDocument.buffer, this.wordDocument.byteOffset + offset, PAGE)
      const crun = view.getUint8(PAGE - 1)
      const bxStart = (crun + 1) * 4
      if (bxStart + crun * 13 <= PAGE - 1) {
        fkp = { fcs: [], infos: [] }
        for (let i = 0; i <= crun; i++) fkp.fcs.push(view.getUint32(i * 4, true))
        for (let i = 0; i < crun; i++) fkp.infos.push(papxInfo(view, view.getUint8(bxStart + i * 13) * 2))
      }
    }
    this.cache.set(page, fkp)
    return fkp
  }
}

interface FkpPage {
  fcs: number[]
  infos: ParagraphInfo[]
}

/** The i with starts[i] <= value < starts[i + 1] (starts ascending), or -1. */
function findRange(starts: readonly number[], value: number): number {
  let low = 0
  let high = starts.length - 2
  while (low <= high) {
    const middle = (low + high) >> 1
    if (value < (starts[middle] ?? 0)) high = middle - 1
    else if (value >= (starts[middle + 1] ?? 0)) low = middle + 1
    else return middle
  }
  return -1
}

/** Reads a PapxInFkp: its 2-byte style index, then the grpprl's structural sprms. */
function papxInfo(view: DataView, offset: number): ParagraphInfo {
  if (offset === 0 || offset >= PAGE - 1) return none
  const cb = view.getUint8(offset)
  const start = cb === 0 ? offset + 2 : offset + 1
  const size = cb === 0 ? view.getUint8(offset + 1) * 2 : cb * 2 - 1
  const end = Math.min(start + size, PAGE - 1)
  if (start + 2 > end) return none
  const info: ParagraphInfo = { ...none, istd: view.getUint16(start, true) }
  let position = start + 2
  while (position + 2 <= end) {
    const sprm = view.getUint16(position, true)
    const operand = position + 2
    const length = operandLength(view, sprm, operand, end)
    if (length === undefined || operand + length > end) break
    if (sprm === sprmPFInTable && view.getUint8(operand) !== 0) info.inTable = true
    if (sprm === sprmPFTtp && view.getUint8(operand) !== 0) info.rowEnd = true
    if (sprm === sprmPItap && view.getInt32(operand, true) > 0) info.inTable = true
    if (sprm === sprmPIlfo) info.listItem = view.getUint16(operand, true) !== 0
    if (sprm === sprmPOutLvl && view.getUint8(operand) <= 9) info.outlineLevel = view.getUint8(operand)
    position = operand + length
  }
  return info
}

/** The operand size from the sprm's spra bits (MS-DOC 2.2.5.1); undefined where it cannot be told. */
function operandLength(view: DataView, sprm: number, operand: number, end: number): number | undefined {
  switch (sprm >> 13) {
    case 0:
    case 1:
      return 1
    case 2:
    case 4:
    case 5:
      return 2
    case 3:
      return 4
    case 7:
      return 3
    default:
      if (operand + 2 > end) return undefined
      // TDefTable's size is 16-bit (and counts itself minus one); PChgTabs' 255 needs a deeper parse.
      if (sprm === sprmTDefTable) return view.getUint16(operand, true) + 1
      if (sprm === sprmPChgTabs && view.getUint8(operand) === 255) return undefined
      return view.getUint8(operand) + 1
  }
}
