/** The OCR languages Quire ships data for (npm `@tesseract.js-data/<code>`), Tesseract's codes. */
export const OCR_LANGUAGES = ['eng', 'fra'] as const

export type OcrLanguage = (typeof OCR_LANGUAGES)[number]

/** Each language's name, as Settings shows it. */
export const OCR_LANGUAGE_NAMES: Record<OcrLanguage, string> = { eng: 'English', fra: 'French' }

export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['eng']

export function isOcrLanguage(code: string): code is OcrLanguage {
  return (OCR_LANGUAGES as readonly string[]).includes(code)
}
