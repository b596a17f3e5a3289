import type { z } from 'zod'
import type { configFieldSchema } from '../../core/plugins/manifest/pluginSchemas'
import { COLLECTION_SELECTED_TYPE } from './collectionSelected'

/** A config field as a manifest gives it (validateManifest's input). */
export type BuiltinConfigField = z.input<typeof configFieldSchema>

/**
 * The plugin id Quire's own modules go by in a page's content: `{pluginId: 'quire', moduleId: 'Chat',
 * config: {collection_id}}`. No plugin can be installed or registered with this slug (installPlugin
 * refuses it), so a page's `quire` module is always one of these, rendered natively in its cell (no frame).
 */
export const BUILTIN_PLUGIN_ID = 'quire'

export type BuiltinModuleName = 'Chat' | 'Search' | 'Collections' | 'Evaluation'

/** A module's size limits on the grid, in columns and rows (the designer keeps placements inside them). */
export interface BuiltinLayout {
  minWidth: number
  defaultWidth: number
  maxWidth: number | null
  minHeight: number
  defaultHeight: number
  maxHeight: number | null
}

/** A built-in module as the designer's palette lists it: the same fields as a plugin module's manifest entry. */
export interface BuiltinModuleEntry {
  pluginId: typeof BUILTIN_PLUGIN_ID
  id: string
  name: BuiltinModuleName
  display_name: string
  description: string
  icon: string
  category: string
  tags: string[]
  enabled: true
  priority: number
  config_fields: Record<string, BuiltinConfigField>
  layout: BuiltinLayout
  /** What it sends and hears on the page's event bus, as a plugin module declares it. */
  messages: { sends: BuiltinMessage[]; receives: BuiltinMessage[] }
}

export interface BuiltinMessage {
  type: string
  description: string
  contentSchema: { type: 'object'; properties: Record<string, { type: string; description: string }> }
}

// The one message Quire's modules exchange; the sample plugins QuireCollections and QuireFollower
// declare the same type, so a plugin's module can send it to a built-in or hear it from one.
const COLLECTION_SELECTED: BuiltinMessage = {
  type: COLLECTION_SELECTED_TYPE,
  description: 'A collection was chosen in a Collections module',
  contentSchema: {
    type: 'object',
    properties: {
      collection_id: { type: 'string', description: 'The collection’s id' },
      name: { type: 'string', description: 'The collection’s name' },
      description: { type: 'string', description: 'The collection’s description' },
    },
  },
}

const FOLLOWS = { sends: [], receives: [COLLECTION_SELECTED] }

/**
 * A module's collection: a select of the person's collections (`options_source`, filled in when the
 * designer loads: optionSources.ts), after one fixed choice for "none" (`empty`).
 */
const collectionField = (description: string, empty: string): BuiltinConfigField => ({
  type: 'select',
  label: 'Collection',
  description,
  default: '',
  options: [{ label: empty, value: '' }],
  options_source: 'collections',
  missing_message: 'The collection this module was set to no longer exists: choose another.',
})

const FOLLOW = 'None: follow the collection chosen in a Collections module on the page'

const ENTRIES: readonly BuiltinModuleEntry[] = [
  {
    pluginId: BUILTIN_PLUGIN_ID,
    id: 'quire-chat',
    name: 'Chat',
    display_name: 'Chat',
    description: 'Ask a collection questions; answers cite the passages they come from.',
    icon: 'MessageSquare',
    category: 'Quire',
    tags: ['chat', 'questions', 'collection'],
    enabled: true,
    priority: 40,
    config_fields: {
      collection_id: collectionField('The collection the chat answers from.', FOLLOW),
    },
    layout: { minWidth: 4, defaultWidth: 6, maxWidth: null, minHeight: 5, defaultHeight: 8, maxHeight: null },
    messages: FOLLOWS,
  },
  {
    pluginId: BUILTIN_PLUGIN_ID,
    id: 'quire-search',
    name: 'Search',
    display_name: 'Search',
    description: 'Find passages in a collection (or in all of them) by meaning and by keyword.',
    icon: 'Search',
    category: 'Quire',
    tags: ['search', 'passages', 'collection'],
    enabled: true,
    priority: 30,
    config_fields: {
      collection_id: collectionField(
        'The collection to search. Without one, every collection, until a Collections module on the page chooses one.',
        'All collections, or the one chosen in a Collections module on the page',
      ),
      top_k: {
        type: 'number',
        description: 'How many passages to show',
        default: 5,
        min: 1,
        max: 50,
        step: 1,
      },
    },
    layout: { minWidth: 3, defaultWidth: 6, maxWidth: null, minHeight: 4, defaultHeight: 6, maxHeight: null },
    messages: FOLLOWS,
  },
  {
    pluginId: BUILTIN_PLUGIN_ID,
    id: 'quire-collections',
    name: 'Collections',
    display_name: 'Collections',
    description:
      'Your collections with their documents’ count; choosing one switches the page’s Chat, Search and Evaluation modules to it.',
    icon: 'Library',
    category: 'Quire',
    tags: ['collections', 'documents'],
    enabled: true,
    priority: 20,
    config_fields: {
      limit: {
        type: 'number',
        description: 'How many collections to list',
        default: 10,
        min: 1,
        max: 100,
        step: 1,
      },
    },
    layout: { minWidth: 3, defaultWidth: 4, maxWidth: null, minHeight: 3, defaultHeight: 5, maxHeight: null },
    messages: { sends: [COLLECTION_SELECTED], receives: [] },
  },
  {
    pluginId: BUILTIN_PLUGIN_ID,
    id: 'quire-evaluation',
    name: 'Evaluation',
    display_name: 'Evaluation',
    description: 'A collection’s evaluation runs: accuracy over time and every run’s result.',
    icon: 'ChartLine',
    category: 'Quire',
    tags: ['evaluation', 'accuracy', 'collection'],
    enabled: true,
    priority: 10,
    config_fields: {
      collection_id: collectionField('The collection whose evaluation runs are shown.', FOLLOW),
    },
    layout: { minWidth: 4, defaultWidth: 6, maxWidth: null, minHeight: 4, defaultHeight: 6, maxHeight: null },
    messages: FOLLOWS,
  },
]

/** Quire's own modules for the designer's palette, in the order it lists them (higher priority first). */
export function builtinModules(): BuiltinModuleEntry[] {
  return ENTRIES.map((entry) => structuredClone(entry))
}

/** Whether a page's module is one of Quire's own (its `pluginId` is `quire`). */
export function isBuiltinModule(ref: { pluginId: string }): boolean {
  return ref.pluginId === BUILTIN_PLUGIN_ID
}

/**
 * The built-in module a page's module names, by `moduleId` or `moduleName` (its `name`, or its `id`,
 * case-insensitively: BrainDrive's pages name modules either way), or undefined.
 */
export function findBuiltinModule(ref: {
  pluginId: string
  moduleId?: string | undefined
  moduleName?: string | undefined
}): BuiltinModuleEntry | undefined {
  if (!isBuiltinModule(ref)) return undefined
  const wanted = [ref.moduleId, ref.moduleName]
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) => name.toLowerCase())
  return ENTRIES.find((entry) => wanted.some((w) => w === entry.name.toLowerCase() || w === entry.id))
}

/** A module's config with each field's default where the page's config leaves it out. */
export function builtinConfig(
  entry: BuiltinModuleEntry,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const defaults = Object.fromEntries(
    Object.entries(entry.config_fields).flatMap(([key, field]) =>
      field.default === undefined ? [] : [[key, field.default]],
    ),
  )
  return { ...defaults, ...config }
}
