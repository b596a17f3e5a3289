/// <reference lib="webworker" />
/**
 * WebLLM's engine in a worker of its own: the library (about 6 MB) loads only here, once a person
 * picks a WebLLM model, and generation keeps this thread busy instead of the API worker.
 */
import { expose } from 'comlink'
import { MLCEngine, prebuiltAppConfig } from '@mlc-ai/web-llm'
import type { ChatTurn } from '../../core/generate/ChatModel'
import type { LoadProgress } from './webLlmChatModel'

export interface WebLlmModelInfo {
  id: string
  /** GPU memory the model needs, in MB, as WebLLM lists it. */
  vram_mb: number | null
  low_resource: boolean
}

const engine = new MLCEngine()
let loaded: string | undefined
let stopRequested = false

const api = {
  async models(): Promise<WebLlmModelInfo[]> {
    return prebuiltAppConfig.model_list.map((model) => ({
      id: model.model_id,
      vram_mb: model.vram_required_MB ?? null,
      low_resource: model.low_resource_required ?? false,
    }))
  },
  /** Loads the model (downloading it into Cache Storage on first use), unless it is loaded already. */
  async load(modelId: string, onProgress: (progress: LoadProgress) => void): Promise<void> {
    if (loaded === modelId) return
    engine.setInitProgressCallback((report) => onProgress({ progress: report.progress, text: report.text }))
    await engine.reload(modelId)
    loaded = modelId
  },
  /** Streams one answer through `onDelta`; resolves when it is complete or stopped. */
  async generate(
    messages: ChatTurn[],
    options: { temperature?: number; maxTokens?: number },
    onDelta: (text: string) => void,
  ): Promise<void> {
    stopRequested = false
    const chunks = await engine.chat.completions.create({
      messages,
      stream: true,
      temperature: options.temperature,
      max_tokens: options.maxTokens,
    })
    for await (const chunk of chunks) {
      const text = chunk.choices[0]?.delta?.content
      if (text) onDelta(text)
      if (stopRequested) break
    }
  },
  stop(): void {
    stopRequested = true
    engine.interruptGenerate()
  },
}

export type WebLlmWorkerApi = typeof api
expose(api)
