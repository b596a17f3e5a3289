import { bytesSource, type ByteSource } from './bytes/ByteSource'

/** A file part of a multipart request, as both hosts hand it to handlers. */
export interface UploadedFile {
  /** The name the client gave (never trusted as a path). */
  filename: string
  contentType: string
  size: number
  /** The content; read once, when the handler needs it. */
  bytes(): Promise<Uint8Array>
  /**
   * The content where it lies, read a range at a time (the server's temporary file, the browser's
   * Blob), for a handler that must not hold a large upload whole (an import). Opened while the request
   * runs, it stays readable after the request ends until closed (a job reads it later).
   */
  open?(): Promise<ByteSource>
  /**
   * Where the host holds the content on its own disk (the server's temporary file of the request): a
   * FileStore with `putFile` stores it from there, sniffed from the few bytes `open` reads, so a big
   * upload is never held whole on the thread that answers requests (`putNewFile`). Absent where
   * uploads are in memory (the browser).
   */
  diskPath?: string
}

/** The upload as a ByteSource: where it lies when its host can, else its bytes in memory. */
export async function openUpload(file: UploadedFile): Promise<ByteSource> {
  return file.open ? file.open() : bytesSource(await file.bytes())
}

/** A parsed multipart/form-data body: text fields (last value wins) and files by field name. */
export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, UploadedFile[]>
}

export function isMultipartBody(value: unknown): value is MultipartBody {
  return typeof value === 'object' && value !== null && 'fields' in value && 'files' in value
}
