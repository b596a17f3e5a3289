import { z } from 'zod'
import { generatorSettingsSchema, type GeneratorSettings } from '../generate/GeneratorSettings'
import { hashEmbedder } from '../ingest/embed/hashEmbedder'
import { DEFAULT_OCR_LANGUAGES, OCR_LANGUAGES, type OcrLanguage } from '../ingest/ocr/ocrLanguages'

/** Which embedder new documents (and their queries) use: `hash-v1` or a transformers.js model id. */
export interface EmbedderSettings {
  id: string
}

/** The person's choices that change how Quire answers. Stored by each host; defaults below. */
export interface QuireSettings {
  embedder: EmbedderSettings
  generator: GeneratorSettings
  /** The languages OCR reads scans and images in (Tesseract codes, one engine for the set). */
  ocr_languages: OcrLanguage[]
}

export const DEFAULT_SETTINGS: QuireSettings = {
  embedder: { id: hashEmbedder.id },
  generator: { kind: 'extractive' },
  ocr_languages: [...DEFAULT_OCR_LANGUAGES],
}

/** The built-in embedder or a model id (`owner/name`, or a name in a self-hosted folder); no paths, no URLs. */
const embedderId = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200)
  .regex(
    /^(?!.*\.\.)[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)?$/u,
    'must be hash-v1 or a model id such as Xenova/bge-small-en-v1.5',
  )

export const embedderSettingsSchema = z.strictObject({ id: embedderId })

/**
 * Only languages whose data ships with Quire (no download at run time); each once, in a fixed order so
 * one set is one cached engine whatever order it was chosen in.
 */
export const ocrLanguagesSchema = z
  .array(
    z.string().refine((code) => (OCR_LANGUAGES as readonly string[]).includes(code), {
      error: (issue) =>
        `"${String(issue.input)}" is not an OCR language here; accepted: ${OCR_LANGUAGES.join(', ')}`,
    }),
  )
  .min(1, `choose at least one of ${OCR_LANGUAGES.join(', ')}`)
  .transform((codes) => OCR_LANGUAGES.filter((code) => codes.includes(code)))

export const quireSettingsSchema = z.object({
  embedder: embedderSettingsSchema,
  generator: generatorSettingsSchema,
  ocr_languages: ocrLanguagesSchema,
})

/** A PUT body: either part may be left out (it keeps its value). */
export const settingsPatchSchema = z.strictObject({
  embedder: embedderSettingsSchema.optional(),
  generator: generatorSettingsSchema.optional(),
  ocr_languages: ocrLanguagesSchema.optional(),
})

export type SettingsPatch = z.output<typeof settingsPatchSchema>
