import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { settingDefinitionKind } from '../../../records/kinds/settingDefinitionKind'
import { SETTING_TYPES, type SettingType } from './settingSchemas'
import { settingValueProblem, type ValueRules } from './settingValueProblem'

/**
 * The value to store for one a client sent. BrainDrive stores values as JSON text and some of its
 * clients send them that way (`value: JSON.stringify({...})`), reading either form back; a string
 * sent for a definition that wants an object (number, ...) is stored parsed when it parses to one.
 * Anything else is kept as sent, for `settingValueProblem` to judge.
 */
export function settingValue(rules: ValueRules, value: unknown): unknown {
  if (typeof value !== 'string' || rules.type === 'string') return value
  try {
    const parsed: unknown = JSON.parse(value)
    return settingValueProblem(rules, parsed) === null ? parsed : value
  } catch {
    return value
  }
}

function jsonTypeOf(value: unknown): SettingType {
  const type = Array.isArray(value) ? 'array' : typeof value
  return (SETTING_TYPES as readonly string[]).includes(type) ? (type as SettingType) : 'object'
}

/**
 * The definition BrainDrive makes when a value is saved for a definition that does not exist
 * (plugins save their own settings without declaring them): all scopes, one instance, category and
 * tag `auto_generated`. Its type is the value's (a JSON string holding an object counts as one), so
 * the value fits it; its default is null, never the value, which may hold an API key.
 */
export function autoDefinition(
  ports: Pick<ApiPorts, 'clock' | 'newId'>,
  id: string,
  name: string,
  value: unknown,
): StoredRecord {
  const text = typeof value === 'string' ? value : undefined
  let type = jsonTypeOf(value)
  if (text !== undefined) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed !== null && typeof parsed === 'object') type = jsonTypeOf(parsed)
    } catch {
      // Plain text: a string setting.
    }
  }
  const record = settingDefinitionKind.create(ports, {
    name,
    description: `Auto-generated definition for ${name}`,
    category: 'auto_generated',
    type,
    default_value: null,
    allowed_scopes: ['system', 'user', 'page'],
    is_multiple: false,
    validation: {},
    tags: ['auto_generated'],
  })
  return { ...record, id }
}
