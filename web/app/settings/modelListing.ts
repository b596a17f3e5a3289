import { createSignal } from 'solid-js'
import type { GeneratorView } from '../api/settingsApi'

const STORAGE_KEY = 'quire.models.listing'

function remembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on'
  } catch {
    return false
  }
}

const [allowed, setAllowed] = createSignal(remembered())

/**
 * Whether Settings may ask the person's model servers for their models on its own. A new profile
 * holds BrainDrive's seeded Ollama server (http://localhost:11434), which the person never set up:
 * asking it on every visit showed an error they did not cause. So servers are asked only once the
 * person has shown they use them: listing models, adding, editing or testing a server, or choosing a
 * server's model (remembered in this browser), or when the saved answer model is on a server.
 */
export function mayListModels(generator: GeneratorView): boolean {
  return allowed() || (generator.kind !== 'extractive' && generator.kind !== 'webllm')
}

/** The person asked for their servers: list their models from now on. */
export function allowModelListing(): void {
  setAllowed(true)
  try {
    localStorage.setItem(STORAGE_KEY, 'on')
  } catch {
    // Not remembered past this visit; the picker still lists now.
  }
}
