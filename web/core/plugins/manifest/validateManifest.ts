import { readRuntimeServices, type RuntimeService } from './runtimeServices'
import type { z } from 'zod'
import { ApiError, type ValidationIssue } from '../../kernel/ApiError'
import { moduleRelationIssues } from './manifestRelations'
import { isPlainObject } from './manifestRules'
import { manifestWarnings, type ManifestWarning } from './manifestWarnings'
import { moduleDataSchema, pluginDataSchema, type ModuleData, type PluginData } from './pluginSchemas'

export type { ManifestWarning } from './manifestWarnings'
export type { ModuleData, PluginData } from './pluginSchemas'
export { moduleMayCall } from './moduleMayCall'

export interface ValidManifest {
  /** plugin_data, validated, system-managed fields dropped. */
  plugin: PluginData
  /** module_data, validated, with the spec's fallbacks filled in (display_name = name, priority 0, ...). */
  modules: ModuleData[]
  /** Guidance and common values not met (lengths, category, tags, the services table). */
  warnings: ManifestWarning[]
  /** The runtime services it declares, read leniently, those Quire provides marked (`readRuntimeServices`). */
  services: RuntimeService[]
}

// A plugin of a hundred modules is already far beyond any BrainDrive plugin; more is hostile input.
const MAX_MODULES = 100

/**
 * Validates a plugin's manifest as spec/plugin-metadata.md states (DESIGN.md section 7): throws a
 * 422 `{detail: [{loc: ['body','plugin_data',field] | ['body','module_data',i,field], msg, type}]}`
 * listing every rule broken, not just the first; otherwise answers the normalised records and the
 * guidance the manifest does not follow, as warnings.
 */
export function validateManifest(raw: {
  plugin_data: unknown
  module_data: unknown
  required_services_runtime?: unknown
}): ValidManifest {
  const issues: ValidationIssue[] = []

  let plugin: PluginData | undefined
  if (!isPlainObject(raw.plugin_data)) {
    issues.push(shapeIssue(['plugin_data'], raw.plugin_data, 'an object'))
  } else {
    const parsed = pluginDataSchema.safeParse(raw.plugin_data)
    if (parsed.success) plugin = parsed.data
    else issues.push(...toIssues(parsed.error, ['plugin_data'], raw.plugin_data))
  }

  const modules: ModuleData[] = []
  const rawModules = raw.module_data
  if (!Array.isArray(rawModules)) {
    issues.push(shapeIssue(['module_data'], rawModules, 'a list of modules'))
  } else if (rawModules.length > MAX_MODULES) {
    issues.push({ loc: ['body', 'module_data'], msg: `at most ${MAX_MODULES} modules`, type: 'too_long' })
  } else {
    rawModules.forEach((module, i) => {
      if (!isPlainObject(module)) return issues.push(shapeIssue(['module_data', i], module, 'an object'))
      const parsed = moduleDataSchema.safeParse(module)
      if (parsed.success) modules.push(parsed.data)
      else issues.push(...toIssues(parsed.error, ['module_data', i], module))
    })
    issues.push(...moduleRelationIssues(rawModules))
  }

  if (issues.length > 0 || !plugin || !Array.isArray(rawModules)) throw ApiError.unprocessable(issues)
  return {
    plugin,
    modules,
    warnings: manifestWarnings(raw.plugin_data as Record<string, unknown>, rawModules),
    services: readRuntimeServices(raw.required_services_runtime),
  }
}

function shapeIssue(loc: Array<string | number>, value: unknown, expected: string): ValidationIssue {
  if (value === undefined || value === null)
    return { loc: ['body', ...loc], msg: 'Field required', type: 'missing' }
  return { loc: ['body', ...loc], msg: `must be ${expected}, not ${describe(value)}`, type: 'value_error' }
}

/** Zod's issues in the platform API's form, with "Field required" for a missing field as FastAPI says it. */
function toIssues(error: z.ZodError, base: Array<string | number>, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol')
    const loc = ['body', ...base, ...path]
    if (issue.code !== 'invalid_type') return { loc, msg: issue.message, type: 'value_error' }
    const value = valueAt(input, path)
    if (value === undefined) return { loc, msg: 'Field required', type: 'missing' }
    const expected = EXPECTED[issue.expected] ?? issue.expected
    return { loc, msg: `must be ${expected}, not ${describe(value)}`, type: `${issue.expected}_type` }
  })
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
  int: 'a whole number',
  array: 'a list',
  object: 'an object',
  record: 'an object',
}

function valueAt(input: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = input
  for (const part of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined
    value = (value as Record<string | number, unknown>)[part]
  }
  return value
}

function describe(value: unknown): string {
  if (value === null) return 'None'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`
  return typeof value === 'object' ? 'an object' : typeof value
}
