import type { Store } from '../store/Store'
import {
  DEFAULT_SETTINGS,
  quireSettingsSchema,
  type QuireSettings,
  type SettingsPatch,
} from './QuireSettings'

/**
 * The person's settings over the store, on top of host defaults (the server's come from its
 * environment). What is stored is checked on every read: a value written by an older version
 * that no longer validates gives way to the default instead of breaking chat.
 */
export class SettingsService {
  constructor(
    private readonly store: Store,
    private readonly defaults: QuireSettings = DEFAULT_SETTINGS,
  ) {}

  async get(): Promise<QuireSettings> {
    const stored = ((await this.store.getSettings()) ?? {}) as Partial<Record<keyof QuireSettings, unknown>>
    const embedder = quireSettingsSchema.shape.embedder.safeParse(stored.embedder)
    const generator = quireSettingsSchema.shape.generator.safeParse(stored.generator)
    return {
      embedder: embedder.success ? embedder.data : this.defaults.embedder,
      generator: generator.success ? generator.data : this.defaults.generator,
    }
  }

  /**
   * Applies the patch. An OpenAI-compatible endpoint's `api_key` left out of a generator update
   * keeps the stored key when the endpoint is the same (clients never get the key back to resend).
   */
  async update(patch: SettingsPatch): Promise<QuireSettings> {
    const current = await this.get()
    let generator = patch.generator ?? current.generator
    if (
      generator.kind === 'openai' &&
      generator.api_key === undefined &&
      current.generator.kind === 'openai' &&
      current.generator.base_url === generator.base_url
    ) {
      generator = { ...generator, api_key: current.generator.api_key }
    }
    const next: QuireSettings = { embedder: patch.embedder ?? current.embedder, generator }
    await this.store.putSettings(next)
    return next
  }
}

/** Settings as the API shows them: secrets are never sent back, only whether one is set. */
export function publicSettings(settings: QuireSettings): Record<string, unknown> {
  const { generator } = settings
  if (generator.kind !== 'openai') return { ...settings }
  const { api_key, ...rest } = generator
  return { ...settings, generator: { ...rest, has_api_key: Boolean(api_key) } }
}
