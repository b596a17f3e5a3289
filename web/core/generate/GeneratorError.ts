/**
 * Why an answer could not be generated, worded for people because the chat shows it as is:
 * "Ollama at http://localhost:11434 answered 404: model 'foo' not found". `status` is the provider's
 * HTTP status when it answered with one (absent when it could not be reached or broke off mid-answer),
 * so a host can tell a bad API key (401) from a model that is down. `refused`: the host's outbound
 * policy will not reach the provider's address (isPolicyRefusal), so trying again cannot help: routes
 * answer 400 naming the rule rather than 502 (generatorFailure).
 */
export class GeneratorError extends Error {
  readonly refused: boolean

  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions & { refused?: boolean },
  ) {
    super(message, options)
    this.name = 'GeneratorError'
    this.refused = options?.refused ?? false
  }
}
