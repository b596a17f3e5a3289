import {
  COMMON_MODULE_CATEGORIES,
  COMMON_PERMISSIONS,
  COMMON_PLUGIN_CATEGORIES,
  COMMON_VALUES,
  SERVICE_METHODS,
  SYSTEM_MANAGED_FIELDS,
} from './manifestVocabulary'
import { isPascalOrCamelCase, isPlainObject, isSlug } from './manifestRules'
import { isSemver } from './semver'

export interface ManifestWarning {
  loc: Array<string | number>
  msg: string
}

/**
 * What the spec gives as guidance or as common values, reported and never refused: BrainDrive's own
 * plugins use "Utilities" as a category, plain-string select options, two tags, and service methods
 * beyond the services table, and they must install. Runs on a manifest that passed validation.
 */
export function manifestWarnings(
  plugin: Record<string, unknown>,
  modules: readonly unknown[],
): ManifestWarning[] {
  const warnings: ManifestWarning[] = []
  const at = (loc: Array<string | number>, msg: string) => warnings.push({ loc: ['body', ...loc], msg })
  const p = (field: string, msg: string) => at(['plugin_data', field], msg)

  for (const field of SYSTEM_MANAGED_FIELDS)
    if (field in plugin) p(field, `${field} is managed by the system; the plugin's value is ignored`)
  longer(plugin.name, 50, (msg) => p('name', msg))
  longer(plugin.description, 150, (msg) => p('description', msg))
  category(plugin.category, COMMON_PLUGIN_CATEGORIES, (msg) => p('category', msg))
  for (const [field, common] of Object.entries(COMMON_VALUES)) {
    const value = plugin[field]
    if (typeof value === 'string' && value !== '' && !(common as readonly string[]).includes(value))
      p(field, `'${value}' is not one of the common values (${common.join(', ')})`)
  }
  const slug = plugin.plugin_slug
  if (typeof slug === 'string' && isSlug(slug) && !isPascalOrCamelCase(slug))
    p('plugin_slug', `'${slug}' is not PascalCase or camelCase, as the spec advises`)
  if (typeof plugin.scope === 'string' && plugin.scope !== slug)
    p(
      'scope',
      `scope '${plugin.scope}' differs from plugin_slug '${String(slug)}'; the spec advises they match`,
    )
  if (typeof plugin.compatibility === 'string' && !isSemver(plugin.compatibility))
    p('compatibility', `'${plugin.compatibility}' is not a semantic version (the minimum platform version)`)
  if (Array.isArray(plugin.permissions))
    plugin.permissions.forEach((permission, j) => {
      if (typeof permission === 'string' && !COMMON_PERMISSIONS.includes(permission))
        at(
          ['plugin_data', 'permissions', j],
          `'${permission}' is not a known permission (${COMMON_PERMISSIONS.join(', ')}); it grants nothing`,
        )
    })

  if (modules.length === 0)
    at(['module_data'], 'the plugin has no modules: there is nothing to place on a page')
  modules.forEach((module, i) => {
    if (!isPlainObject(module)) return
    const m = (loc: Array<string | number>, msg: string) => at(['module_data', i, ...loc], msg)
    longer(module.display_name, 30, (msg) => m(['display_name'], msg))
    longer(module.description, 100, (msg) => m(['description'], msg))
    category(module.category, COMMON_MODULE_CATEGORIES, (msg) => m(['category'], msg))
    if (Array.isArray(module.tags)) {
      if (module.tags.length < 3 || module.tags.length > 8)
        m(['tags'], `${module.tags.length} tags; the spec advises 3 to 8`)
      module.tags.forEach((tag, j) => {
        if (typeof tag === 'string' && tag !== tag.toLowerCase())
          m(['tags', j], `tag '${tag}' is not lowercase`)
      })
    }
    if (isPlainObject(module.required_services))
      for (const [service, declared] of Object.entries(module.required_services)) {
        const known = Object.hasOwn(SERVICE_METHODS, service)
          ? SERVICE_METHODS[service as keyof typeof SERVICE_METHODS]
          : undefined
        if (!known) {
          m(
            ['required_services', service],
            `'${service}' is not a service Quire offers (${Object.keys(SERVICE_METHODS).join(', ')})`,
          )
          continue
        }
        if (isPlainObject(declared) && Array.isArray(declared.methods))
          declared.methods.forEach((method, j) => {
            if (typeof method === 'string' && !known.includes(method))
              m(
                ['required_services', service, 'methods', j],
                `'${method}' is not a method of the ${service} service (${known.join(', ')})`,
              )
          })
      }
    if (isPlainObject(module.config_fields))
      for (const [key, field] of Object.entries(module.config_fields)) {
        if (!isPlainObject(field) || !Array.isArray(field.options)) continue
        if (field.options.some((option) => typeof option !== 'object'))
          m(
            ['config_fields', key, 'options'],
            'options given as plain values are read as {label, value} with label = value',
          )
        const values = field.options.map((option) => (isPlainObject(option) ? option.value : option))
        if (field.default !== undefined && field.default !== null && !values.includes(field.default))
          m(
            ['config_fields', key, 'default'],
            `the default ${JSON.stringify(field.default)} is not one of the options`,
          )
      }
  })
  return warnings
}

function longer(value: unknown, limit: number, warn: (msg: string) => void): void {
  if (typeof value === 'string' && value.length > limit)
    warn(`${value.length} characters; the spec advises under ${limit}`)
}

function category(value: unknown, common: readonly string[], warn: (msg: string) => void): void {
  if (typeof value !== 'string' || value === '') return
  if (!/^[a-z]+$/.test(value)) warn(`category '${value}' is not a single lowercase word`)
  else if (!common.includes(value))
    warn(`category '${value}' is not one of the common categories (${common.join(', ')})`)
}
