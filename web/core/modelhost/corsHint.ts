import { GeneratorError } from '../generate/GeneratorError'

/**
 * Adds how to let this page reach Ollama to a failure the browser could not explain. Browsers give a
 * refused CORS request no reason of its own; `describeFailure` words such a failure with "(CORS)".
 * `corsOrigin` is set only in the browser (the server is not subject to CORS).
 */
export function withCorsHint(message: string, corsOrigin: string | undefined): string {
  if (!corsOrigin || !message.includes('(CORS)')) return message
  return `${message} If Ollama is running, allow this app to reach it: start it with OLLAMA_ORIGINS=${corsOrigin} ollama serve`
}

/** The message a failed install shows: a GeneratorError's words (with the CORS hint), else the error's message. */
export function installFailure(error: unknown, corsOrigin?: string): string {
  if (error instanceof GeneratorError) return withCorsHint(error.message, corsOrigin)
  return error instanceof Error ? error.message : String(error)
}
