import { listCollections, type Collection } from '../api/collectionsApi'
import type { ConfigFieldSpec } from '../designer/configValidation'

/**
 * A select field whose options come from the person's own data rather than from its manifest: the field
 * names its source (`options_source: 'collections'`) and lists only its fixed options (an empty choice,
 * say); the designer adds the person's records as options when it loads. Any module's field may name a
 * source, a plugin's too: the manifest schema keeps unknown field properties.
 */
export type OptionSourceName = 'collections'

export interface SourcedFieldSpec extends ConfigFieldSpec {
  options_source?: string
  /** What the form says when the module's value is no longer one of the source's records. */
  missing_message?: string
}

export interface OptionSourceLoaders {
  collections: () => Promise<Array<Pick<Collection, 'id' | 'name'>>>
}

const DEFAULT_LOADERS: OptionSourceLoaders = { collections: () => listCollections() }

type Option = NonNullable<ConfigFieldSpec['options']>[number]

function sourceOf(field: ConfigFieldSpec): OptionSourceName | undefined {
  const source = (field as SourcedFieldSpec).options_source
  return source === 'collections' ? source : undefined
}

/**
 * Modules (anything with `configFields`) with every sourced field's options filled in: its own options
 * first, then the source's records (a collection's name as the label, its id as the value). Each source
 * is read once. A source that cannot be read turns its fields into text fields holding the id, with a
 * hint that says so: the designer still opens, and a module's value is never thrown away.
 */
export async function resolveOptionSources<T extends { configFields: Record<string, ConfigFieldSpec> }>(
  modules: readonly T[],
  loaders: OptionSourceLoaders = DEFAULT_LOADERS,
): Promise<T[]> {
  const wanted = new Set(
    modules.flatMap((module) => Object.values(module.configFields).flatMap((f) => sourceOf(f) ?? [])),
  )
  const options = new Map<OptionSourceName, Option[] | Error>()
  await Promise.all(
    [...wanted].map(async (name) => {
      try {
        const records = await loaders[name]()
        options.set(
          name,
          records.map((record) => ({ label: record.name, value: record.id })),
        )
      } catch (error) {
        options.set(name, error instanceof Error ? error : new Error(String(error)))
      }
    }),
  )
  return modules.map((module) => {
    if (!Object.values(module.configFields).some((field) => sourceOf(field))) return module
    const configFields = Object.fromEntries(
      Object.entries(module.configFields).map(([key, field]) => {
        const source = sourceOf(field)
        const found = source ? options.get(source) : undefined
        if (!source || found === undefined) return [key, field]
        if (found instanceof Error) {
          const { options: _unused, ...rest } = field
          return [
            key,
            {
              ...rest,
              type: 'text',
              description: `Your ${source} could not be listed (${found.message}): type the id instead.`,
            },
          ]
        }
        return [key, { ...field, options: [...(field.options ?? []), ...found] }]
      }),
    )
    return { ...module, configFields }
  })
}

/**
 * Why a sourced select's value is not among its options (the record it named was deleted), or
 * undefined when it is, or the field has no source. An empty value is one of the fixed options or none.
 */
export function missingOptionMessage(field: ConfigFieldSpec, value: unknown): string | undefined {
  if (field.type !== 'select' || !sourceOf(field)) return undefined
  if (value === undefined || value === null || value === '') return undefined
  if ((field.options ?? []).some((option) => String(option.value) === String(value))) return undefined
  return (field as SourcedFieldSpec).missing_message ?? 'This value no longer exists: choose another.'
}
