import { z } from 'zod'
import { CONFIG_FIELD_TYPES } from './manifestVocabulary'
import { isHttpUrl, isJsIdentifier, isPackagePath, isSlug } from './manifestRules'
import { isSemver } from './semver'

/**
 * The shapes of `plugin_data` and `module_data` (spec/plugin-metadata.md) as zod schemas. Each rule
 * sits on its own field so that one parse reports every broken field at once (zod skips an object's
 * own refinements once a field fails); rules between fields (unique module names, dependencies,
 * layout order, config defaults) are checked in validateManifest over the raw data for the same
 * reason. Objects are loose: BrainDrive's plugins carry extra fields and keep them.
 */

const text = z.string().refine((s) => s.trim() !== '', { message: 'must not be empty', abort: true })
const optionalText = z.string().nullish()
const semverText = text.refine(isSemver, 'must be a semantic version MAJOR.MINOR.PATCH, such as 1.0.0')
/** An optional URL: empty or null means none; otherwise it is fetched, so only http(s). */
const optionalUrl = z
  .string()
  .nullish()
  .refine((s) => !s || isHttpUrl(s), 'must be an http(s) URL')

export const pluginDataSchema = z
  .looseObject({
    name: text,
    description: text,
    version: semverText,
    plugin_slug: text.refine(
      isSlug,
      'must be letters, digits, - or _ (no spaces or other characters), start with a letter or digit, at most 100 characters',
    ),
    type: text,
    official: z.boolean(),
    author: text,
    compatibility: text,
    scope: text.refine(
      isJsIdentifier,
      'must be a valid JavaScript identifier (the module federation container name)',
    ),
    bundle_method: text,
    bundle_location: text.refine(
      isPackagePath,
      'must be a relative path inside the package, such as dist/remoteEntry.js',
    ),
    is_local: z.boolean(),
    // BrainDrive's Library plugin leaves it out and BrainDrive installs it: its plugin table's column
    // defaults to 'local' (BrainDrive-Core backend/app/models/plugin.py:44), so a missing one is 'local'.
    // Present but empty is still refused.
    installation_type: text.default('local'),
    permissions: z.array(text).min(1, 'must list at least one permission'),
    icon: optionalText,
    category: optionalText,
    long_description: optionalText,
    source_type: optionalText,
    source_url: optionalUrl,
    update_check_url: optionalUrl,
    last_update_check: z.unknown().optional(),
    update_available: z.unknown().optional(),
    latest_version: z.unknown().optional(),
  })
  // System-managed fields belong to the update checker, never to the plugin's own record.
  .transform(
    ({ last_update_check: _check, update_available: _available, latest_version: _latest, ...plugin }) =>
      plugin,
  )

export type PluginData = z.output<typeof pluginDataSchema>

const selectOption = z.union(
  [
    z.string(),
    z.number(),
    z.looseObject({ label: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }),
  ],
  { error: 'an option must be {label, value} (or a plain string or number)' },
)

export const configFieldSchema = z.looseObject({
  type: z.string().refine((t) => (CONFIG_FIELD_TYPES as readonly string[]).includes(t), {
    message: `must be one of ${CONFIG_FIELD_TYPES.join(', ')}`,
  }),
  description: optionalText,
  default: z.unknown().optional(),
  // BrainDrive's own plugins give plain strings; the runtime reads {label, value} only.
  options: z
    .array(selectOption)
    .min(1, 'must list at least one option')
    .optional()
    .transform((options) =>
      options?.map((option) =>
        typeof option === 'object' ? option : { label: String(option), value: option },
      ),
    ),
  placeholder: optionalText,
  maxLength: z.number().int().min(0).nullish(),
  min: z.number().nullish(),
  max: z.number().nullish(),
  step: z.number().positive().nullish(),
  rows: z.number().int().min(1).nullish(),
})

export type ConfigField = z.output<typeof configFieldSchema>

const columns = z
  .number()
  .int()
  .min(1, 'must be 1 to 12 grid columns')
  .max(12, 'must be 1 to 12 grid columns')
const rows = z.number().int().min(1, 'must be at least 1 grid row')

export const layoutSchema = z.looseObject({
  minWidth: columns.optional(),
  defaultWidth: columns.optional(),
  maxWidth: columns.nullish(),
  minHeight: rows.optional(),
  defaultHeight: rows.optional(),
  maxHeight: rows.nullish(),
})

const messageSchema = z.looseObject({
  type: text,
  description: optionalText,
  contentSchema: z
    .looseObject({
      type: z.literal('object'),
      properties: z.record(z.string(), z.looseObject({ type: text, description: optionalText })).optional(),
    })
    .nullish(),
})

/** BrainDrive's own plugins also list bare type names (its OpenRouter plugin does): read as `{type}`. */
const messageEntry = z.preprocess(
  (entry) => (typeof entry === 'string' ? { type: entry } : entry),
  messageSchema,
)

export const moduleDataSchema = z
  .looseObject({
    name: text.refine(
      isSlug,
      'must be letters, digits, - or _ (no spaces or other characters), at most 100 characters',
    ),
    display_name: optionalText,
    description: optionalText,
    icon: optionalText,
    category: optionalText,
    tags: z.array(z.string()).nullish(),
    priority: z.number().int().nullish(),
    dependencies: z.array(z.string()).nullish(),
    props: z.record(z.string(), z.unknown()).nullish(),
    config_fields: z.record(z.string(), configFieldSchema).nullish(),
    // No `methods`: the whole service, as BrainDrive's service bridge hands it (`utils/serviceBridge.ts`:
    // "If no specific methods are required, use the entire service"); real plugins declare services so.
    required_services: z
      .record(
        z.string(),
        z.looseObject({ methods: z.array(z.string()).optional(), version: semverText.optional() }),
      )
      .nullish(),
    layout: layoutSchema.nullish(),
    messages: z
      .looseObject({
        sends: z.array(messageEntry).optional(),
        receives: z.array(messageEntry).optional(),
      })
      .nullish(),
  })
  // The spec's fallbacks, filled in once so the records and the runtime need not repeat them.
  .transform((module) => ({
    ...module,
    display_name: module.display_name || module.name,
    priority: module.priority ?? 0,
    tags: module.tags ?? [],
    dependencies: module.dependencies ?? [],
    props: module.props ?? {},
    config_fields: module.config_fields ?? {},
    required_services: module.required_services ?? {},
    messages: {
      ...module.messages,
      sends: module.messages?.sends ?? [],
      receives: module.messages?.receives ?? [],
    },
    layout: module.layout ?? undefined,
  }))

export type ModuleData = z.output<typeof moduleDataSchema>
