import type { ApiResult } from '../../core/api/ApiResult'

/** A request as it crosses from the page to the API worker (structured-clone friendly). */
export interface WorkerRequest {
  /** Index of the route in the shared route table. */
  route: number
  params: Record<string, string | undefined>
  query: Record<string, string | string[]>
  bodyText: string
  contentType: string | null
}

/** What the API worker exposes over comlink. */
export interface ApiWorkerApi {
  invoke(request: WorkerRequest): Promise<ApiResult>
  openApi(): Promise<Record<string, unknown>>
}
