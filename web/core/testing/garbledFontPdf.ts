import { writePdf } from './writePdf'

/** Every printable WinAnsi code mapped to a private-use character, as a broken font's ToUnicode does. */
const GARBAGE_TO_UNICODE = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Garbage def /CMapType 2 def
1 begincodespacerange <00> <FF> endcodespacerange
1 beginbfrange <20> <7E> <E020> endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`

/**
 * A page of visible text, one line each, in an embedded TrueType font (`program`) whose text layer is
 * garbage (private-use characters): what a PDF with a broken font encoding looks like. A viewer shows
 * the words, copying them gives symbols; only reading the drawn glyphs recovers the text.
 */
export function garbledFontPdf(program: Uint8Array, lines: readonly string[]): Uint8Array {
  const shown = lines.map((line) => `(${line.replace(/[\\()]/g, '\\$&')}) Tj 0 -24 Td`).join(' ')
  return writePdf([
    {
      width: 500,
      height: 60 + 24 * lines.length,
      content: `BT /F2 14 Tf 40 ${30 + 24 * lines.length} Td ${shown} ET`,
      font: { program, toUnicode: GARBAGE_TO_UNICODE },
    },
  ])
}
