/** How a passage read by OCR is described to the reader: "read by OCR, 87% confidence". */
export function ocrNote(ocr: { confidence: number } | undefined): string | undefined {
  return ocr ? `read by OCR, ${Math.round(ocr.confidence * 100)}% confidence` : undefined
}
