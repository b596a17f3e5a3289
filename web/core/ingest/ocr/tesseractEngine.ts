import type { OcrEngine } from './OcrEngine'
import { tesseractResult, type TesseractPage } from './tesseractResult'

/** The slice of a started tesseract.js worker an engine uses (web/core does not import tesseract.js). */
export interface TesseractWorker<Image> {
  recognize(
    image: Image,
    options: Record<string, never>,
    output: { text: boolean; blocks: boolean },
  ): Promise<{ data: TesseractPage }>
}

/**
 * What both hosts start tesseract.js's worker with, beside where its files are: no cache of its own (the
 * language data are the host's files already), gzipped language data, and nothing printed or thrown
 * from its worker (a failed recognition rejects the page's promise, which fails that page alone).
 */
export const TESSERACT_WORKER_OPTIONS = {
  cacheMethod: 'none',
  gzip: true,
  logger: () => undefined,
  errorHandler: () => undefined,
} as const

/**
 * An engine over a started tesseract.js worker, shared by both hosts: `image` hands the page's bytes over
 * in the form that host's tesseract.js reads; the answer is read by `tesseractResult`.
 */
export function tesseractEngine<Image>(
  worker: TesseractWorker<Image>,
  image: (bytes: Uint8Array) => Image,
): OcrEngine {
  return {
    async recognize(bytes) {
      const { data } = await worker.recognize(image(bytes), {}, { text: true, blocks: true })
      return tesseractResult(data)
    },
  }
}
