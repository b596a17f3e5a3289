import type { AnswerGenerator } from '../generate/AnswerGenerator'
import type { ChatModel } from '../generate/ChatModel'
import { createAnswerGenerator } from '../generate/createAnswerGenerator'
import type { GeneratorSettings } from '../generate/GeneratorSettings'
import { ollamaChatModel } from '../generate/ollamaChatModel'
import { openAiChatModel } from '../generate/openAiChatModel'

/** Turns generator settings into what answers questions (chat, evaluation) and judges answers. */
export interface Generation {
  answerGenerator(settings: GeneratorSettings): AnswerGenerator
  /** The language model behind the settings; undefined for the extractive answerer (it has none). */
  chatModel(settings: GeneratorSettings): ChatModel | undefined
  /** How far a local model's download and load have come (WebLLM), if one is loading or loaded. */
  loadProgress(settings: GeneratorSettings): ModelLoadProgress | null
}

export interface ModelLoadProgress {
  /** 0..1; 1 once the model is ready. */
  progress: number
  text: string
}

export interface GenerationHost {
  /** Models only this host can run (WebLLM in the browser); undefined when it cannot. */
  localChatModel?: (settings: GeneratorSettings) => ChatModel | undefined
  /** Load progress of a local model (WebLLM's download, in the browser). */
  localLoadProgress?: (settings: GeneratorSettings) => ModelLoadProgress | null
  fetch?: typeof fetch
}

export function createGeneration(host: GenerationHost = {}): Generation {
  const chatModel = (settings: GeneratorSettings): ChatModel | undefined => {
    switch (settings.kind) {
      case 'extractive':
        return undefined
      case 'openai':
        return openAiChatModel({
          baseUrl: settings.base_url,
          model: settings.model,
          apiKey: settings.api_key,
          fetch: host.fetch,
        })
      case 'ollama':
        return ollamaChatModel({ baseUrl: settings.base_url, model: settings.model, fetch: host.fetch })
      case 'webllm':
        return host.localChatModel?.(settings)
    }
  }
  return {
    chatModel,
    loadProgress: (settings) => host.localLoadProgress?.(settings) ?? null,
    answerGenerator: (settings) =>
      createAnswerGenerator(settings, { chatModel: host.localChatModel, fetch: host.fetch }),
  }
}
