/** A file part of a multipart request, as both hosts hand it to handlers. */
export interface UploadedFile {
  /** The name the client gave (never trusted as a path). */
  filename: string
  contentType: string
  size: number
  /** The content; read once, when the handler needs it. */
  bytes(): Promise<Uint8Array>
  /**
   * Where the host holds the content on its own disk (the server's temporary file of the request): a
   * FileStore with `putFile` stores it from there and `read` gives the few bytes sniffing needs, so a
   * big upload is never held whole on the thread that answers requests (`putNewFile`). Absent where
   * uploads are in memory (the browser).
   */
  onDisk?: { path: string; read(start: number, end: number): Promise<Uint8Array> }
}

/** A parsed multipart/form-data body: text fields (last value wins) and files by field name. */
export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, UploadedFile[]>
}

export function isMultipartBody(value: unknown): value is MultipartBody {
  return typeof value === 'object' && value !== null && 'fields' in value && 'files' in value
}
