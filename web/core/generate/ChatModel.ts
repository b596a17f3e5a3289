/**
 * The provider port: a chat model that streams text. Every answer generator that needs a language
 * model goes through it (OpenAI-compatible servers, Ollama, WebLLM in the browser), and it is kept
 * free of document-chat notions so the platform's `/api/v1/ai/providers/*` endpoints can reuse it
 * for plain chat and completion (a completion prompt is one user turn).
 */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatModelRequest {
  messages: ChatTurn[]
  signal?: AbortSignal
  temperature?: number
  maxTokens?: number
}

export interface ChatModel {
  /** Provider and model, e.g. 'openai:gpt-4o-mini', 'ollama:llama3.2', 'webllm:Llama-3.2-1B'. */
  readonly id: string
  /**
   * Text deltas in order. Throws a GeneratorError when the provider cannot be reached, refuses, or
   * stops mid-answer (after yielding what did arrive), and the signal's reason when aborted; stopping
   * the iteration early cancels the request.
   */
  stream(request: ChatModelRequest): AsyncIterable<string>
  /** The models the provider offers (OpenAI `GET /v1/models`, Ollama `GET /api/tags`): "test connection". */
  listModels(options?: { signal?: AbortSignal }): Promise<string[]>
}
