/**
 * Optical character recognition as the parsers need it, a port each host fills (tesseract.js in the
 * server's worker threads and in the browser's ingest worker). web/core stays environment-free: it
 * hands over an encoded image (PNG, JPEG, WebP, TIFF or BMP bytes, which the engine decodes itself) and
 * gets text back. Engines load their language data from files the host ships, never from the network.
 */
export interface OcrResult {
  /** The recognised text, lines separated by '\n' and paragraphs by a blank line. */
  text: string
  /** The engine's mean word confidence, 0..100. */
  confidence: number
}

export interface OcrEngine {
  recognize(image: Uint8Array, options?: { signal?: AbortSignal }): Promise<OcrResult>
}

/** What one OCR'd page contributed, for the document's metadata (`ocr_pages`, `ocr_confidence`). */
export interface OcrPageReport {
  page: number
  confidence: number
}
