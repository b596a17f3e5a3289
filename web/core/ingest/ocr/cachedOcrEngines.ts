import type { OcrEngine } from './OcrEngine'
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from './ocrLanguages'

/**
 * One OCR engine per language set, made by `make` on the first page that needs it and kept for later
 * documents (loading a language takes a second or two); a start that fails is forgotten, so the next
 * call tries again. Each host's loader (`loadNodeOcr`, `loadBrowserOcr`) is this over its own `make`.
 */
export function cachedOcrEngines(
  make: (languages: readonly OcrLanguage[]) => Promise<OcrEngine>,
): (languages?: readonly OcrLanguage[]) => Promise<OcrEngine> {
  const engines = new Map<string, Promise<OcrEngine>>()
  return (languages = DEFAULT_OCR_LANGUAGES) => {
    const key = languages.join('+')
    let engine = engines.get(key)
    if (!engine) {
      engine = make(languages).catch((error: unknown) => {
        engines.delete(key)
        throw error
      })
      engines.set(key, engine)
    }
    return engine
  }
}
