import type { AnswerGenerator } from './AnswerGenerator'
import type { ChatModel } from './ChatModel'
import { extractiveGenerator } from './extractiveGenerator'
import { GeneratorError } from './GeneratorError'
import type { GeneratorSettings } from './GeneratorSettings'
import { llmAnswerGenerator } from './llmAnswerGenerator'
import { ollamaChatModel } from './ollamaChatModel'
import { openAiChatModel } from './openAiChatModel'

/** What a host adds: models only it can run (WebLLM in the browser), and its fetch. */
export interface AnswerGeneratorHosts {
  chatModel?: (settings: GeneratorSettings) => ChatModel | undefined
  fetch?: typeof fetch
}

/**
 * The answer generator for a person's settings. Building one makes no request: an unreachable server
 * shows up when answering (as a GeneratorError), and "test connection" is `ChatModel.listModels`.
 * WebLLM needs the browser host's `chatModel`; elsewhere it throws a GeneratorError saying so.
 */
export function createAnswerGenerator(
  settings: GeneratorSettings,
  hosts: AnswerGeneratorHosts = {},
): AnswerGenerator {
  switch (settings.kind) {
    case 'extractive':
      return extractiveGenerator
    case 'openai':
      return llmAnswerGenerator(
        openAiChatModel({
          baseUrl: settings.base_url,
          model: settings.model,
          apiKey: settings.api_key,
          fetch: hosts.fetch,
        }),
      )
    case 'ollama':
      return llmAnswerGenerator(
        ollamaChatModel({ baseUrl: settings.base_url, model: settings.model, fetch: hosts.fetch }),
      )
    case 'webllm': {
      const model = hosts.chatModel?.(settings)
      if (!model) {
        throw new GeneratorError(
          'WebLLM runs only in the browser, where the app loads the model on this device. Here, choose the ' +
            'extractive answerer, an OpenAI-compatible server or Ollama.',
        )
      }
      return llmAnswerGenerator(model)
    }
  }
}
