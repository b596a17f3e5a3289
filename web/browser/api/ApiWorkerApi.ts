import type { ApiResult } from '../../core/api/ApiResult'
import type { HttpMethod } from '../../core/api/Route'

/** A request as it crosses from the page to the API worker (structured-clone friendly). */
export interface WorkerRequest {
  /** Index of the route in the shared route table. */
  route: number
  params: Record<string, string | undefined>
  query: Record<string, string | string[]>
  bodyText: string
  contentType: string | null
  /** A multipart/form-data body, already split by the page (File objects clone across workers). */
  multipart?: { fields: Record<string, string>; files: Record<string, File[]> }
}

/** Method and path of one route, all the page needs to mount it. */
export interface RouteSummary {
  method: HttpMethod
  path: string
}

/** What the API worker exposes over comlink. */
export interface ApiWorkerApi {
  /** The route table's methods and paths, in table order (`WorkerRequest.route` indexes it). */
  routes(): Promise<RouteSummary[]>
  invoke(request: WorkerRequest): Promise<ApiResult>
  openApi(): Promise<Record<string, unknown>>
  /**
   * Deletes everything Quire keeps on this device: the IndexedDB database and the models downloaded into
   * Cache Storage (transformers.js, WebLLM). The app's own files stay cached. The worker's store is closed
   * for good: the page must reload afterwards.
   */
  clearAll(): Promise<void>
}
