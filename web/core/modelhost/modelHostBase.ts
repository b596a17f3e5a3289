import { ollamaRoot } from '../generate/ollamaChatModel'

/**
 * An Ollama server's base URL as one string per server: `http://localhost:11434/`, `.../api` and
 * `.../api/pull` are one server (BrainDrive trims the same suffixes). Undefined when it is not an
 * http(s) URL.
 */
export function modelHostBase(serverUrl: string): string | undefined {
  let url: URL
  try {
    url = new URL(serverUrl.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username !== '' || url.password !== '') return undefined
  const path = url.pathname.replace(/\/api\/pull\/?$/i, '')
  return ollamaRoot(`${url.origin}${path}`)
}

/** A model's name as Ollama resolves it: `llama3` is `llama3:latest`; case does not matter. */
export function canonicalModel(name: string): string {
  const trimmed = name.trim().toLowerCase()
  return trimmed.includes(':') ? trimmed : `${trimmed}:latest`
}

/** Which installs are one: the same model on the same server. */
export function installKey(serverBase: string, name: string): string {
  return `${serverBase}|${canonicalModel(name)}`
}
