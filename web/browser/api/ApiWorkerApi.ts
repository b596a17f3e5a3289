import type { ApiResult } from '../../core/kernel/ApiResult'
import type { RouteSummary } from '../../core/api/serverOnlyRoutes'

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

export type { RouteSummary }

/** What an outbound answer carries back to the page (its body streamed, transferable). */
export interface OutboundAnswer {
  status: number
  headers: Array<[string, string]>
  stream?: ReadableStream<Uint8Array>
}

/** A request for one of the sync server's own routes, as the page hands it over to be forwarded. */
export interface ForwardedRequest {
  method: string
  /** Path and query string, as the page asked for them (for `outbound`, the whole URL). */
  url: string
  headers: Array<[string, string]>
  body?: ArrayBuffer
}

/** What the API worker exposes over comlink. */
export interface ApiWorkerApi {
  /** The route table's methods and paths, in table order (`WorkerRequest.route` indexes it). */
  routes(): Promise<RouteSummary[]>
  invoke(request: WorkerRequest): Promise<ApiResult>
  /** Sends a request for a route only the sync server has to the server (`forwardToServer`). */
  forward(request: ForwardedRequest): Promise<ApiResult>
  /**
   * Makes a page's request to another origin (`outboundFetch`; `url` absolute), which the page's
   * Content-Security-Policy keeps it from making itself (`fetchOutbound`).
   */
  outbound(request: ForwardedRequest): Promise<OutboundAnswer>
  openApi(): Promise<Record<string, unknown>>
  /**
   * Makes the collection follow a folder the person picked (its handle is kept on this device) and
   * starts its first check; `GET /api/collections/{id}/folder` shows how it goes.
   */
  followFolderHandle(collectionId: string, handle: FileSystemDirectoryHandle): Promise<void>
  /**
   * Deletes everything Quire keeps on this device: the IndexedDB database and the models downloaded into
   * Cache Storage (transformers.js, WebLLM). The app's own files stay cached. The worker's store is closed
   * for good: the page must reload afterwards.
   */
  clearAll(): Promise<void>
}
