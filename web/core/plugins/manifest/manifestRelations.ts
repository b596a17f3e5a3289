import type { ValidationIssue } from '../../kernel/ApiError'
import { isPlainObject } from './manifestRules'

/**
 * Refusals that relate fields to each other: unique module names, dependencies on modules of this
 * plugin, config defaults of their field's type, a select's options, layout and number ranges.
 * They run on the raw module list, whatever else is wrong with it, so one answer names every
 * problem; a value of the wrong type here is left to the schema's own issue.
 */
export function moduleRelationIssues(modules: readonly unknown[]): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const issue = (loc: Array<string | number>, msg: string) =>
    issues.push({ loc: ['body', 'module_data', ...loc], msg, type: 'value_error' })

  const firstIndex = new Map<string, number>()
  modules.forEach((module, i) => {
    if (!isPlainObject(module) || typeof module.name !== 'string') return
    const earlier = firstIndex.get(module.name)
    if (earlier === undefined) firstIndex.set(module.name, i)
    else
      issue(
        [i, 'name'],
        `module name '${module.name}' is already used by module ${earlier}; names must be unique`,
      )
  })

  modules.forEach((module, i) => {
    if (!isPlainObject(module)) return
    if (Array.isArray(module.dependencies))
      module.dependencies.forEach((dependency, j) => {
        if (typeof dependency !== 'string') return
        if (dependency === module.name) issue([i, 'dependencies', j], 'a module cannot depend on itself')
        else if (!firstIndex.has(dependency))
          issue([i, 'dependencies', j], `'${dependency}' is not the name of a module of this plugin`)
      })
    if (isPlainObject(module.config_fields))
      for (const [key, field] of Object.entries(module.config_fields))
        if (isPlainObject(field))
          configFieldIssues(field).forEach(([loc, msg]) => issue([i, 'config_fields', key, ...loc], msg))
    if (isPlainObject(module.layout))
      layoutIssues(module.layout).forEach(([loc, msg]) => issue([i, 'layout', loc], msg))
  })
  return issues
}

type Finding = [Array<string | number>, string]

const DEFAULT_TYPE: Record<string, 'string' | 'number' | 'boolean'> = {
  text: 'string',
  textarea: 'string',
  color: 'string',
  date: 'string',
  time: 'string',
  number: 'number',
  boolean: 'boolean',
}

function configFieldIssues(field: Record<string, unknown>): Finding[] {
  const findings: Finding[] = []
  const type = field.type
  const value = field.default
  if (type === 'select' && field.options === undefined)
    findings.push([['options'], 'a select field needs options'])
  if (typeof type === 'string' && value !== undefined && value !== null) {
    const expected = DEFAULT_TYPE[type]
    if (expected && (typeof value !== expected || (expected === 'number' && !Number.isFinite(value))))
      findings.push([['default'], `the default of a ${type} field must be a ${expected}`])
    if (type === 'select' && !['string', 'number', 'boolean'].includes(typeof value))
      findings.push([
        ['default'],
        'the default of a select field must be one option value (a string, number or boolean)',
      ])
  }
  if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
    findings.push([['min'], `min (${field.min}) must not be greater than max (${field.max})`])
  return findings
}

function layoutIssues(layout: Record<string, unknown>): Array<[string, string]> {
  const findings: Array<[string, string]> = []
  for (const axis of ['Width', 'Height']) {
    const [min, preferred, max] = ['min', 'default', 'max'].map((bound) => layout[`${bound}${axis}`])
    const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
    if (isInt(min) && isInt(preferred) && min > preferred)
      findings.push([
        `min${axis}`,
        `min${axis} (${min}) must not be greater than default${axis} (${preferred})`,
      ])
    if (isInt(preferred) && isInt(max) && preferred > max)
      findings.push([`max${axis}`, `max${axis} (${max}) must not be less than default${axis} (${preferred})`])
    // With a default between them, min > max is already reported as one of the two above.
    if (isInt(min) && isInt(max) && min > max && !isInt(preferred))
      findings.push([`max${axis}`, `max${axis} (${max}) must not be less than min${axis} (${min})`])
  }
  return findings
}
