/** A response as the contract suite sees it, whichever host and transport produced it. */
export interface ContractResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  text: string
}

export interface ContractRequest {
  method: string
  path: string
  /** Serialised as JSON with `Content-Type: application/json`. */
  json?: unknown
  /** Sent as is, for malformed bodies. */
  raw?: string
  /** Sent as multipart/form-data (each client builds the FormData where it runs). */
  multipart?: ContractMultipart
  headers?: Record<string, string>
}

/**
 * How a contract case talks to a host: over real HTTP to the sync server, or through `fetch` inside a
 * Chromium page whose service worker routes to the in-browser API.
 */
export type ContractClient = (request: ContractRequest) => Promise<ContractResponse>

export interface ContractMultipart {
  fields: Record<string, string>
  files: Array<{ field: string; filename: string; type: string; base64: string }>
}
