import type { FrameRpc } from './FrameRpc'

type Callback = (state?: unknown) => void

interface FieldSchema {
  type?: unknown
  required?: unknown
  default?: unknown
}

/** BrainDrive's PluginStateConfig, as far as the frame reads it (`services/PageContextService.ts:17`). */
interface StateConfig {
  stateStrategy?: unknown
  stateSchema?: Record<string, FieldSchema>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value)

/**
 * BrainDrive's `pluginState` service (`services/PluginStateService.ts`), the one its renderer makes for
 * the module's plugin (`features/unified-dynamic-page-renderer/components/ModuleRenderer.tsx:156`). Its
 * configuration, schema checks and callbacks stay in the frame, as they hold functions BrainDrive's
 * config may carry (serialize, hooks); only the state travels, to the host, which keeps it for this
 * plugin alone. A plugin configured with `stateStrategy: 'none'` keeps nothing, as in BrainDrive.
 */
export function pluginStateService(rpc: FrameRpc): Record<string, unknown> {
  let config: StateConfig | null = null
  const callbacks = { save: new Set<Callback>(), restore: new Set<Callback>(), clear: new Set<Callback>() }

  const tell = (kind: keyof typeof callbacks, state?: unknown) => {
    for (const callback of [...callbacks[kind]]) {
      try {
        if (kind === 'clear') callback()
        else callback(state)
      } catch (error) {
        console.error(`[PluginStateService] Error in ${kind} callback:`, error)
      }
    }
  }

  const configured = (): StateConfig => {
    if (!config) throw new Error('Plugin state service not configured. Call configure() first.')
    return config
  }
  const keeps = () => configured().stateStrategy !== 'none'

  const schema = () => (config && isRecord(config.stateSchema) ? config.stateSchema : undefined)

  // `services/PluginStateService.ts:243`: required fields present, present fields of their type.
  const validateState = (state: unknown): boolean => {
    const fields = schema()
    if (!fields) return true
    const record = isRecord(state) ? state : {}
    return Object.entries(fields).every(([key, field]) => {
      const value = record[key]
      if (value === undefined || value === null) return field.required !== true
      return typeOf(value) === field.type
    })
  }

  // `services/PluginStateService.ts:278`: only the schema's fields, defaults for missing or mistyped ones.
  const sanitizeState = (state: unknown): unknown => {
    const fields = schema()
    if (!fields) return state
    const record = isRecord(state) ? state : {}
    const clean: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(fields)) {
      const value = record[key]
      if (value !== undefined && value !== null && typeOf(value) === field.type) clean[key] = value
      else if (field.default !== undefined) clean[key] = field.default
    }
    return clean
  }

  const subscriber = (kind: keyof typeof callbacks) => (callback: unknown) => {
    if (typeof callback !== 'function') throw new Error('pluginState needs a callback function')
    callbacks[kind].add(callback as Callback)
    return () => {
      callbacks[kind].delete(callback as Callback)
    }
  }

  return {
    configure(next: unknown) {
      if (!isRecord(next)) throw new Error('pluginState.configure needs a configuration object')
      config = next
    },
    getConfiguration: () => config,
    validateState,
    sanitizeState,
    async saveState(state: unknown) {
      configured()
      if (!validateState(state)) throw new Error('State validation failed')
      const clean = sanitizeState(state)
      if (keeps()) await rpc.call('pluginState', 'saveState', [clean])
      tell('save', clean)
    },
    async getState() {
      if (!keeps()) return null
      const state = await rpc.call('pluginState', 'getState', [])
      if (state !== null) tell('restore', state)
      return state
    },
    async clearState() {
      if (keeps()) await rpc.call('pluginState', 'clearState', [])
      tell('clear')
    },
    onSave: subscriber('save'),
    onRestore: subscriber('restore'),
    onClear: subscriber('clear'),
  }
}
