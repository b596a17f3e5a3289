import type { ChatModel, ChatModelRequest } from '../../core/generate/ChatModel'
import { GeneratorError } from '../../core/generate/GeneratorError'

/** The part of WebLLM's engine this adapter uses (WebWorkerMLCEngine has it). */
export interface WebLlmEngine {
  chat: {
    completions: {
      create(request: {
        messages: ChatModelRequest['messages']
        stream: true
        temperature?: number
        max_tokens?: number
      }): Promise<AsyncIterable<{ choices: Array<{ delta?: { content?: string | null } }> }>>
    }
  }
  interruptGenerate(): void
}

export interface LoadProgress {
  /** 0..1 */
  progress: number
  text: string
}

export interface WebLlmHost {
  /** Whether this browser offers a WebGPU adapter (WebLLM needs one). */
  hasWebGpu(): Promise<boolean>
  /** Creates the engine with the model loaded (downloading it on first use), reporting progress. */
  createEngine(modelId: string, onProgress: (progress: LoadProgress) => void): Promise<WebLlmEngine>
  /** The models WebLLM knows how to run. */
  modelIds(): Promise<string[]>
  onProgress?(modelId: string, progress: LoadProgress): void
}

const NO_WEBGPU =
  'WebLLM needs WebGPU, which this browser does not offer; choose the extractive answerer, Ollama or an OpenAI-compatible endpoint in Settings'

/**
 * WebLLM behind the ChatModel port. The engine (and the model's weights, gigabytes on first use, kept
 * in Cache Storage by WebLLM so later loads work offline) is created on the first question and kept.
 * A load that fails is forgotten, so the next question tries again.
 */
export function webLlmChatModel(modelId: string, host: WebLlmHost): ChatModel {
  let engine: Promise<WebLlmEngine> | undefined
  const load = () => {
    engine ??= (async () => {
      if (!(await host.hasWebGpu())) throw new GeneratorError(NO_WEBGPU)
      try {
        return await host.createEngine(modelId, (progress) => host.onProgress?.(modelId, progress))
      } catch (error) {
        throw new GeneratorError(`WebLLM could not load ${modelId}: ${messageOf(error)}`, undefined, {
          cause: error,
        })
      }
    })().catch((error: unknown) => {
      engine = undefined
      throw error
    })
    return engine
  }
  return {
    id: `webllm:${modelId}`,
    async *stream(request) {
      const loaded = await load()
      request.signal?.throwIfAborted()
      const stop = () => loaded.interruptGenerate()
      request.signal?.addEventListener('abort', stop, { once: true })
      try {
        const chunks = await loaded.chat.completions.create({
          messages: request.messages,
          stream: true,
          temperature: request.temperature,
          max_tokens: request.maxTokens,
        })
        for await (const chunk of chunks) {
          request.signal?.throwIfAborted()
          const text = chunk.choices[0]?.delta?.content
          if (text) yield text
        }
        request.signal?.throwIfAborted()
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason
        if (error instanceof GeneratorError) throw error
        throw new GeneratorError(`WebLLM stopped mid-answer: ${messageOf(error)}`, undefined, {
          cause: error,
        })
      } finally {
        request.signal?.removeEventListener('abort', stop)
      }
    },
    async listModels() {
      if (!(await host.hasWebGpu())) throw new GeneratorError(NO_WEBGPU)
      return host.modelIds()
    },
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
