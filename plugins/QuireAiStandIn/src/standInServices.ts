// The api service as BrainDrive's AI plugins call it (their `types.ts`): axios-style options with
// `params`, and `postStreaming` handing each server-sent event's data to a callback.

export interface StandInApi {
  get(path: string, options?: { params?: Record<string, unknown> }): Promise<unknown>
  post(path: string, data?: unknown, options?: unknown): Promise<unknown>
  postStreaming(
    path: string,
    data: unknown,
    onChunk: (chunk: string) => void,
    options?: { timeout?: number; signal?: AbortSignal },
  ): Promise<unknown>
}

export interface StandInProps<Config> {
  config?: Partial<Config>
  services?: { api?: StandInApi }
}
