import type { Chunk } from '../chunk/Chunk'
import type { OcrPageReport } from './OcrEngine'

/**
 * Marks each chunk whose page was read by OCR with that page's confidence (the engine's 0..100 as
 * 0..1), so search results and chat sources can say a passage was read by OCR and how sure it was. A
 * chunk belongs to the page it starts on (`Chunk.page`), so one that runs from a text page onto a
 * scanned one is not marked. Images are one page each, numbered from 1 like PDF pages.
 */
export function markOcrChunks(chunks: Chunk[], reports: readonly OcrPageReport[] | undefined): void {
  if (!reports || reports.length === 0) return
  const confidence = new Map(reports.map((report) => [report.page, report.confidence]))
  for (const chunk of chunks) {
    const percent = chunk.page === null ? undefined : confidence.get(chunk.page)
    if (percent !== undefined) chunk.ocr = { confidence: Math.min(1, Math.max(0, Math.round(percent) / 100)) }
  }
}
