import { CharacterBudget } from '../CharacterBudget'
import type { Block, DocumentParser, FileKind, ParsedDocument } from '../DocumentModel'
import { ParseError } from '../ParseError'
import { throwIfAborted } from '../parse/pdf/withLimits'
import type { OcrEngine, OcrPageReport } from './OcrEngine'
import type { OcrLanguage } from './ocrLanguages'
import { imageDimensions } from './imageDimensions'
import { checkImagePixels } from './imagePixelLimit'
import { ocrParagraphs } from './ocrParagraphs'
import { tiffPages } from './tiffPages'

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'webp', 'tiff']

/**
 * Photos, screenshots and scans uploaded as images: one page each (a multi-page TIFF one page per
 * image), read by OCR. The engine comes from the host (`loadOcr`, first called on the first image, with the
 * person's OCR languages).
 * Progress is reported per page. A page whose OCR fails or finds nothing is skipped; when no page has
 * text the document fails with `no_text` ("no text found in the image"), and when every page failed
 * with the first page's error.
 */
export function createImageParser(
  loadOcr: (languages?: readonly OcrLanguage[]) => Promise<OcrEngine>,
): DocumentParser {
  return {
    kinds: IMAGE_KINDS,
    async parse(bytes, options = {}): Promise<ParsedDocument> {
      const { signal, onProgress } = options
      const budget = new CharacterBudget(options.maxChars)
      throwIfAborted(signal)
      const tiff = isTiff(bytes) ? tiffPages(bytes) : undefined
      const count = tiff ? tiff.count : 1
      if (count === 0) throw new ParseError('corrupt', 'This TIFF file has no images.')
      // Sizes from the headers, before anything is decoded (see imagePixelLimit).
      if (tiff)
        tiff.sizes.forEach((size, index) =>
          checkImagePixels(size, count > 1 ? `Page ${index + 1}` : undefined),
        )
      else {
        const size = imageDimensions(bytes)
        if (size) checkImagePixels(size)
      }
      const engine = await loadOcr(options.ocrLanguages)
      const blocks: Block[] = []
      const reports: OcrPageReport[] = []
      let firstError: unknown
      for (let index = 0; index < count; index++) {
        throwIfAborted(signal)
        const page = index + 1
        try {
          const image = tiff ? tiff.page(index) : bytes
          const result = await engine.recognize(image, { signal })
          const paragraphs = ocrParagraphs(result.text)
          for (const paragraph of paragraphs) {
            budget.spend(paragraph.text)
            blocks.push({ kind: 'paragraph', text: paragraph.text, page, headingPath: [] })
          }
          if (paragraphs.length > 0) reports.push({ page, confidence: Math.round(result.confidence) })
        } catch (error) {
          if (error instanceof ParseError && error.code === 'too_large') throw error
          throwIfAborted(signal)
          firstError ??= error
        }
        onProgress?.(page / count)
      }
      if (blocks.length === 0) {
        if (firstError !== undefined && reports.length === 0 && !(firstError instanceof ParseError)) {
          const reason = firstError instanceof Error ? firstError.message : String(firstError)
          throw new ParseError('corrupt', `The image could not be read: ${reason}`)
        }
        throw new ParseError('no_text', 'No text found in the image.')
      }
      return { blocks, pages: count, ocr: reports }
    },
  }
}

function isTiff(bytes: Uint8Array): boolean {
  return (
    (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
    (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a)
  )
}
