import type { AnswerGenerator } from '../generate/AnswerGenerator'
import type { ChatModel } from '../generate/ChatModel'
import { createAnswerGenerator, registryChatModel } from '../generate/createAnswerGenerator'
import { GeneratorError } from '../generate/GeneratorError'
import type { GeneratorSettings, ProviderGeneratorSettings } from '../generate/GeneratorSettings'
import { ollamaChatModel } from '../generate/ollamaChatModel'
import { openAiChatModel } from '../generate/openAiChatModel'
import { isOperatorEndpoint, type OperatorEndpoint } from '../generate/operatorEndpoint'
import { usesServerKey, withServerKey, type ServerGeneratorKey } from '../generate/serverGeneratorKey'

/** Turns generator settings into what answers questions (chat, evaluation) and judges answers. */
export interface Generation {
  answerGenerator(settings: GeneratorSettings): AnswerGenerator
  /** The language model behind the settings; undefined for the extractive answerer (it has none). */
  chatModel(settings: GeneratorSettings): ChatModel | undefined
  /** How far a local model's download and load have come (WebLLM), if one is loading or loaded. */
  loadProgress(settings: GeneratorSettings): ModelLoadProgress | null
  /** The models this host can run on the device (WebLLM's list in the browser); [] where it has none. */
  localModels(): Promise<LocalModelInfo[]>
  /**
   * Starts downloading and loading a local model ahead of the first question; resolves once it has begun
   * (progress then shows in loadProgress). Rejects with a GeneratorError where it cannot run (no WebGPU, or
   * a host without local models).
   */
  startLocalLoad(settings: GeneratorSettings): Promise<void>
  /** Whether these settings are answered with the host's own key (the operator's endpoint, no key of the person's). */
  usesServerKey(settings: GeneratorSettings): boolean
  /**
   * Why the host's outbound policy will never reach these settings' `base_url` (a loopback or private
   * address in multi-user mode), in the policy's words; undefined when it may (and for the operator's
   * own endpoint, which the policy's address rules do not apply to).
   */
  refusal(settings: GeneratorSettings): string | undefined
}

/** A model that runs on this device, with what it needs, for a picker to show. */
export interface LocalModelInfo {
  id: string
  /** GPU memory it needs, in MB, where known. */
  vram_mb: number | null
  /** Whether it is meant for devices with little memory. */
  low_resource: boolean
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
  /** The models localChatModel can run (WebLLM's prebuilt list); absent on the server. */
  localModels?: () => Promise<LocalModelInfo[]>
  /** Starts loading a local model (see Generation.startLocalLoad); absent on the server. */
  startLocalLoad?: (settings: GeneratorSettings) => Promise<void>
  fetch?: typeof fetch
  /** The operator's key for the operator's endpoint (the server's GENERATOR_API_KEY); see serverGeneratorKey. */
  serverKey?: ServerGeneratorKey
  /** The operator's endpoint and the fetch for it (the server's GENERATOR_URL); see operatorEndpoint. */
  operatorEndpoint?: OperatorEndpoint
  /**
   * Why the host's fetch will never reach a URL, before any request (the server's outbound policy on
   * an IP address or `localhost`); absent where every URL may be tried (the browser).
   */
  outboundRefusal?: (url: string) => string | undefined
  /**
   * A model of the provider registry (the person's servers and keys in their settings records), for
   * `provider` generators; createApiPorts wires it to resolveChatModel over the host's ports.
   */
  providerModel?: (settings: ProviderGeneratorSettings) => Promise<ChatModel>
}

export function createGeneration(host: GenerationHost = {}): Generation {
  // The operator's key joins the settings only here, on the way to a model, and only for its endpoint.
  const keyed = (settings: GeneratorSettings) => withServerKey(settings, host.serverKey)
  const fetchFor = (settings: GeneratorSettings) =>
    isOperatorEndpoint(settings, host.operatorEndpoint) ? host.operatorEndpoint?.fetch : host.fetch
  const chatModel = (chosen: GeneratorSettings): ChatModel | undefined => {
    const settings = keyed(chosen)
    switch (settings.kind) {
      case 'extractive':
        return undefined
      case 'provider':
        return registryChatModel(settings, host.providerModel)
      case 'openai':
        return openAiChatModel({
          baseUrl: settings.base_url,
          model: settings.model,
          apiKey: settings.api_key,
          fetch: fetchFor(settings),
        })
      case 'ollama':
        return ollamaChatModel({
          baseUrl: settings.base_url,
          model: settings.model,
          fetch: fetchFor(settings),
        })
      case 'webllm':
        return host.localChatModel?.(settings)
    }
  }
  return {
    chatModel,
    loadProgress: (settings) => host.localLoadProgress?.(settings) ?? null,
    localModels: async () => (await host.localModels?.()) ?? [],
    startLocalLoad: async (settings) => {
      if (!host.startLocalLoad)
        throw new GeneratorError(`The ${settings.kind} generator runs no model on this host`)
      await host.startLocalLoad(settings)
    },
    answerGenerator: (settings) =>
      createAnswerGenerator(keyed(settings), {
        chatModel: host.localChatModel,
        fetch: fetchFor(settings),
        providerModel: host.providerModel,
      }),
    usesServerKey: (settings) => usesServerKey(settings, host.serverKey),
    refusal(settings) {
      if (!('base_url' in settings) || isOperatorEndpoint(settings, host.operatorEndpoint)) return undefined
      return host.outboundRefusal?.(settings.base_url)
    },
  }
}
