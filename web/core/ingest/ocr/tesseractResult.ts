import type { OcrResult } from './OcrEngine'

/** The part of tesseract.js's `recognize` answer (with `blocks: true`) that is read. */
export interface TesseractPage {
  text: string
  confidence: number
  blocks?: Array<{
    paragraphs: Array<{ lines: Array<{ text: string; confidence: number }> }>
  }> | null
}

/**
 * Lines below this confidence are dropped: on a scanned book page Tesseract reads an engraving as
 * lines of letters ("7 hl mp £77 | vio") at confidence 20-40, while the print around it reads at 80-95.
 */
export const MIN_LINE_CONFIDENCE = 50

/**
 * tesseract.js's answer as an OcrResult, shared by both hosts' engines: paragraphs separated by blank
 * lines, low-confidence lines left out; the confidence is the mean of the kept lines (weighted by their
 * length), or the engine's page figure when nothing is kept.
 */
export function tesseractResult(page: TesseractPage): OcrResult {
  if (!page.blocks) return { text: page.text, confidence: page.confidence }
  const paragraphs: string[] = []
  let weighted = 0
  let chars = 0
  for (const block of page.blocks) {
    for (const paragraph of block.paragraphs) {
      const lines = paragraph.lines.filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
      for (const line of lines) {
        weighted += line.confidence * line.text.length
        chars += line.text.length
      }
      const text = lines.map((line) => line.text.trim()).join('\n')
      if (text) paragraphs.push(text)
    }
  }
  return { text: paragraphs.join('\n\n'), confidence: chars > 0 ? weighted / chars : page.confidence }
}
