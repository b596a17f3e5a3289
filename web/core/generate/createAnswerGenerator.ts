import type { AnswerGenerator } from './AnswerGenerator'
import type { ChatModel } from './ChatModel'
import { deferredChatModel } from './deferredChatModel'
import { extractiveGenerator } from './extractiveGenerator'
import { GeneratorError } from './GeneratorError'
import { generatorId, type GeneratorSettings, type ProviderGeneratorSettings } from './GeneratorSettings'
import { llmAnswerGenerator } from './llmAnswerGenerator'
import { ollamaChatModel } from './ollamaChatModel'
import { openAiChatModel } from './openAiChatModel'

/**
 * What a host adds: models only it can run (WebLLM in the browser), its fetch, and the provider
 * registry (`resolveChatModel` over the host's ports: the person's servers and keys, the same ones the
 * platform's `/api/v1/ai/providers/*` endpoints use).
 */
export interface AnswerGeneratorHosts {
  chatModel?: (settings: GeneratorSettings) => ChatModel | undefined
  fetch?: typeof fetch
  providerModel?: (settings: ProviderGeneratorSettings) => Promise<ChatModel>
}

/**
 * The registry's model for a `provider` generator, found when it is first used (see deferredChatModel).
 * Without a registry on the host it throws a GeneratorError saying so.
 */
export function registryChatModel(
  settings: ProviderGeneratorSettings,
  providerModel: AnswerGeneratorHosts['providerModel'],
): ChatModel {
  if (!providerModel) {
    throw new GeneratorError(
      `This host has no provider registry to reach ${generatorId(settings)}: choose the extractive answerer`,
    )
  }
  return deferredChatModel(generatorId(settings), () => providerModel(settings))
}

/**
 * The answer generator for a person's settings. Building one makes no request: an unreachable server,
 * or a registry server removed since it was chosen, shows up when answering (as a GeneratorError), and
 * "test connection" is `ChatModel.listModels`.
 * WebLLM needs the browser host's `chatModel`; elsewhere it throws a GeneratorError saying so.
 */
export function createAnswerGenerator(
  settings: GeneratorSettings,
  hosts: AnswerGeneratorHosts = {},
): AnswerGenerator {
  switch (settings.kind) {
    case 'extractive':
      return extractiveGenerator
    case 'provider':
      return llmAnswerGenerator(registryChatModel(settings, hosts.providerModel))
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
