import type { GeneratorSettings } from '../generate/GeneratorSettings'
import { keepSecrets } from '../secrets/keepSecrets'
import { keyHint } from '../secrets/keyHint'
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
    const stored = ((await this.store.settings.getSettings()) ?? {}) as Partial<
      Record<keyof QuireSettings, unknown>
    >
    const embedder = quireSettingsSchema.shape.embedder.safeParse(stored.embedder)
    const generator = quireSettingsSchema.shape.generator.safeParse(stored.generator)
    const ocrLanguages = quireSettingsSchema.shape.ocr_languages.safeParse(stored.ocr_languages)
    return {
      embedder: embedder.success ? embedder.data : this.defaults.embedder,
      generator: generator.success ? generator.data : this.defaults.generator,
      ocr_languages: ocrLanguages.success ? ocrLanguages.data : this.defaults.ocr_languages,
    }
  }

  /**
   * Applies the patch. A person's own API key is write-only (see keepSecrets): an OpenAI-compatible
   * generator sent without `api_key`, or with the masked form reads show (`…abcd`), keeps the stored
   * key while `kind` and `base_url` are unchanged, and loses it with them (a key never follows a URL to
   * another server); `''` clears it; anything else replaces it. The operator's key is never here to
   * keep: the host adds it to requests for its own endpoint only (createGeneration).
   */
  async update(patch: SettingsPatch): Promise<QuireSettings> {
    const current = await this.get()
    let generator = patch.generator ?? current.generator
    if (patch.generator) {
      const merged = keepSecrets(patch.generator, current.generator) as GeneratorSettings
      if (merged.kind === 'openai' && !merged.api_key) {
        const { api_key: _cleared, ...rest } = merged
        generator = rest
      } else generator = merged
    }
    const next: QuireSettings = {
      embedder: patch.embedder ?? current.embedder,
      generator,
      ocr_languages: patch.ocr_languages ?? current.ocr_languages,
    }
    await this.store.settings.putSettings(next)
    return next
  }
}

/**
 * Settings as the API shows them: a person's key never comes back, only `has_api_key` and its
 * `api_key_hint` (`…abcd`); `uses_server_key` says the host answers these settings with its own key
 * (the operator's endpoint, and no key of the person's).
 */
export function publicSettings(settings: QuireSettings, usesServerKey = false): Record<string, unknown> {
  const { generator } = settings
  if (generator.kind !== 'openai') return { ...settings }
  const { api_key, ...rest } = generator
  return {
    ...settings,
    generator: {
      ...rest,
      has_api_key: Boolean(api_key),
      ...(api_key ? { api_key_hint: keyHint(api_key) } : {}),
      uses_server_key: usesServerKey,
    },
  }
}
