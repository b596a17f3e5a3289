import type { WorkerRequest } from './ApiWorkerApi'

/**
 * A page's `Request` for route `route` as it crosses to the API worker, the same whichever path brought
 * it (msw behind the service worker, or the page's direct path): the query as FastAPI reads it, the body
 * as text, or a multipart or urlencoded form split into fields and files (as FastAPI's Form() reads a
 * urlencoded one); a malformed form is answered by the route as "not multipart".
 */
export async function toWorkerRequest(
  request: Request,
  route: number,
  params: Record<string, string | undefined>,
): Promise<WorkerRequest> {
  const url = new URL(request.url)
  const contentType = request.headers.get('content-type')
  const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType ?? '')
  const multipart = form ? await splitFormData(request) : undefined
  return {
    route,
    params,
    query: queryObject(url.searchParams),
    bodyText: multipart ? '' : await request.text(),
    contentType,
    multipart: multipart ?? undefined,
  }
}

/** Form fields and files by name; null for a malformed body. */
async function splitFormData(request: Request): Promise<WorkerRequest['multipart'] | null> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return null
  }
  const fields: Record<string, string> = {}
  const files: Record<string, File[]> = {}
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value
    else (files[name] ??= []).push(value)
  })
  return { fields, files }
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? (values[0] ?? '') : values
  }
  return query
}
