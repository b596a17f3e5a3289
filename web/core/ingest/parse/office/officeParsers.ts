import type { DocumentParser } from '../../DocumentModel'
import { docParser } from './doc/docParser'
import { docxParser } from './docx/docxParser'
import { pptParser } from './ppt/pptParser'
import { pptxParser } from './pptx/pptxParser'

/** The Office parsers: Word and PowerPoint, 2007+ (OOXML) and 97-2003 (binary). */
export const officeParsers: readonly DocumentParser[] = [docxParser, pptxParser, docParser, pptParser]

export { docParser, docxParser, pptParser, pptxParser }
