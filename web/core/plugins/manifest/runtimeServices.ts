import { PROVIDED_HEALTH_PATH, providedServiceFor } from '../providedServices'

/**
 * A runtime service a plugin declares (`required_services_runtime` in its lifecycle manager or
 * plugin.json): BrainDrive builds and starts these with Docker at install. Quire never runs a
 * plugin's commands. A service Quire itself provides (`providedServices`: the document chat and
 * processing services) is marked `provided`: nothing to start, its health is Quire's own. Any other
 * is kept as declared, to be shown, and not started.
 */
export interface RuntimeService {
  name: string
  source_url: string | null
  type: string | null
  install_command: string | null
  start_command: string | null
  healthcheck_url: string | null
  definition_id: string | null
  provided: boolean
  /** `Quire` when provided. */
  provided_by: string | null
  /** What the plugin manager shows for it. */
  label: string
  /** Where its health is read: Quire's own for a provided service, else the declared URL. */
  health_path: string | null
}

// A plugin declares two or three; more is not a manifest.
export const MAX_RUNTIME_SERVICES = 20
const MAX_TEXT = 500

/** A declared string, trimmed and bounded; anything else (numbers, objects, null) reads as null. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed.slice(0, MAX_TEXT)
}

/**
 * The runtime services a package declares, as Quire keeps them. Read leniently (they are shown, never
 * run): entries that are not objects or have no name are left out, strings are cut at 500
 * characters, at most 20 entries are kept, and commands are kept only as text to show.
 */
export function readRuntimeServices(declared: unknown): RuntimeService[] {
  if (!Array.isArray(declared)) return []
  const services: RuntimeService[] = []
  for (const entry of declared.slice(0, MAX_RUNTIME_SERVICES)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue
    const fields = entry as Record<string, unknown>
    const name = text(fields.name)
    if (name === null) continue
    const source_url = text(fields.source_url)
    const healthcheck_url = text(fields.healthcheck_url)
    const provided = providedServiceFor({ source_url, healthcheck_url })
    services.push({
      name: name.slice(0, 100),
      source_url,
      type: text(fields.type),
      install_command: text(fields.install_command),
      start_command: text(fields.start_command),
      healthcheck_url,
      definition_id: text(fields.definition_id),
      provided: provided !== undefined,
      provided_by: provided ? 'Quire' : null,
      label: provided
        ? provided.label
        : `${name.slice(0, 100)} (not started: Quire does not run plugin services)`,
      health_path: provided ? PROVIDED_HEALTH_PATH : healthcheck_url,
    })
  }
  return services
}
