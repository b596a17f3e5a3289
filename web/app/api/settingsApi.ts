import type { OcrLanguage } from '../../core/ingest/ocr/ocrLanguages'
import { requestJson } from './requestJson'

/**
 * The generator as the API shows it: an API key never comes back, only whether one is set and its
 * last four (`api_key_hint`, `…abcd`); `uses_server_key` says the server answers with its own key.
 */
export type GeneratorView =
  | { kind: 'extractive' }
  | {
      kind: 'openai'
      base_url: string
      model: string
      has_api_key: boolean
      api_key_hint?: string
      uses_server_key?: boolean
    }
  | { kind: 'ollama'; base_url: string; model: string }
  | { kind: 'webllm'; model: string }
  | ProviderGenerator

/** A model on one of the person's servers of the provider registry (Settings' server lists). */
export interface ProviderGenerator {
  kind: 'provider'
  provider: 'ollama' | 'openai' | 'anthropic'
  settings_id?: string
  server_id?: string
  model: string
}

export type GeneratorInput =
  | { kind: 'extractive' }
  /** `api_key` left out keeps the saved key (same URL); `''` removes it. */
  | { kind: 'openai'; base_url: string; model: string; api_key?: string }
  | { kind: 'ollama'; base_url: string; model: string }
  | { kind: 'webllm'; model: string }
  | ProviderGenerator

export interface SettingsView {
  embedder: { id: string }
  generator: GeneratorView
  /** The languages OCR reads scans and images in (Tesseract codes). */
  ocr_languages: OcrLanguage[]
}

export interface ConnectionResult {
  ok: boolean
  detail: string
  models: string[]
}

export function getSettings(signal?: AbortSignal): Promise<SettingsView> {
  return requestJson<SettingsView>('/api/settings', { signal })
}

export function saveSettings(body: {
  embedder?: { id: string }
  generator?: GeneratorInput
  ocr_languages?: OcrLanguage[]
}): Promise<SettingsView> {
  return requestJson<SettingsView>('/api/settings', { method: 'PUT', body })
}

export function testGenerator(generator: GeneratorInput): Promise<ConnectionResult> {
  return requestJson<ConnectionResult>('/api/settings/test-generator', {
    method: 'POST',
    body: { generator },
  })
}

/** A model WebLLM can run on this device; vram_mb is the GPU memory it needs. */
export interface LocalModel {
  id: string
  vram_mb: number | null
  low_resource: boolean
}

export interface GeneratorStatus {
  generator: string
  progress: { progress: number; text: string } | null
}

export function listWebLlmModels(signal?: AbortSignal): Promise<LocalModel[]> {
  return requestJson<LocalModel[]>('/api/settings/webllm-models', { signal })
}

export function getGeneratorStatus(signal?: AbortSignal): Promise<GeneratorStatus> {
  return requestJson<GeneratorStatus>('/api/settings/generator-status', { signal })
}

/** Starts downloading a WebLLM model now; its progress then shows in getGeneratorStatus. */
export function loadWebLlmModel(model: string): Promise<{ model: string }> {
  return requestJson<{ model: string }>('/api/settings/webllm-models/load', {
    method: 'POST',
    body: { model },
  })
}

/** How far loading the embedder in use has come; `error` says why the last load failed. */
export interface EmbedderStatus {
  embedder: string
  progress: { progress: number; text: string } | null
  error: string | null
}

export function getEmbedderStatus(signal?: AbortSignal): Promise<EmbedderStatus> {
  return requestJson<EmbedderStatus>('/api/settings/embedder-status', { signal })
}

/** Starts downloading the embedder in use (save it first); its progress then shows in getEmbedderStatus. */
export function loadEmbedder(): Promise<{ embedder: string }> {
  return requestJson<{ embedder: string }>('/api/settings/embedder/load', { method: 'POST', body: {} })
}
