import { z } from 'zod'
import { generatorSettingsSchema, type GeneratorSettings } from '../generate/GeneratorSettings'
import { hashEmbedder } from '../ingest/embed/hashEmbedder'

/** Which embedder new documents (and their queries) use: `hash-v1` or a transformers.js model id. */
export interface EmbedderSettings {
  id: string
}

/** The person's choices that change how Quire answers. Stored by each host; defaults below. */
export interface QuireSettings {
  embedder: EmbedderSettings
  generator: GeneratorSettings
}

export const DEFAULT_SETTINGS: QuireSettings = {
  embedder: { id: hashEmbedder.id },
  generator: { kind: 'extractive' },
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

export const quireSettingsSchema = z.object({
  embedder: embedderSettingsSchema,
  generator: generatorSettingsSchema,
})

/** A PUT body: either part may be left out (it keeps its value). */
export const settingsPatchSchema = z.strictObject({
  embedder: embedderSettingsSchema.optional(),
  generator: generatorSettingsSchema.optional(),
})

export type SettingsPatch = z.output<typeof settingsPatchSchema>
