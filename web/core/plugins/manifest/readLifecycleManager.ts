import { ApiError, type ValidationIssue } from '../../kernel/ApiError'
import { NotALiteral, readPythonLiteral } from './pythonLiteral'
import { tokenizePython, type PyToken } from './pythonTokens'

/**
 * BrainDrive plugins describe themselves in `lifecycle_manager.py`, usually as
 * `self.plugin_data = {...}` and `self.module_data = [...]` in the lifecycle manager's `__init__`.
 * BrainDrive imports that file; Quire never runs plugin code, so it reads the two assignments
 * statically: the first assignment of each name (plain or on `self`, annotated or not, at any
 * depth) must be a Python literal, or the name of a constant assigned a literal elsewhere in the file
 * (`self.plugin_data = PLUGIN_DATA`, as BrainDrive's Library plugin writes it; the constant's first
 * assignment is read). Whether the values make a valid manifest is validateManifest's
 * business; here a value that is not a literal, or missing, is a 422 naming the name and the line.
 */

const TARGETS = ['plugin_data', 'module_data'] as const
// BrainDrive's lifecycle managers are about 50 KB; a file far larger is not one, and reading it would only cost time.
export const MAX_LIFECYCLE_MANAGER_CHARS = 2_000_000
type Target = (typeof TARGETS)[number]

/**
 * Read too when present, leniently: the runtime services a plugin declares are shown, never run, so
 * an attribute in them (`self.settings_definition_id`) reads as null and an unreadable list as none.
 */
const OPTIONAL = 'required_services_runtime'

export function readLifecycleManager(source: string): {
  plugin_data: unknown
  module_data: unknown
  required_services_runtime?: unknown
} {
  if (source.length > MAX_LIFECYCLE_MANAGER_CHARS)
    throw ApiError.unprocessable([
      {
        loc: ['body', 'lifecycle_manager.py'],
        msg: `lifecycle_manager.py is ${source.length} characters; at most ${MAX_LIFECYCLE_MANAGER_CHARS} are read`,
        type: 'too_long',
      },
    ])
  const tokens = tokenizePython(source)
  const found: Partial<Record<Target, unknown>> = {}
  const issues: ValidationIssue[] = []
  const seen = new Set<Target>()

  for (let i = 0; i < tokens.length; i++) {
    if (!startsLogicalLine(tokens, i)) continue
    const assignment = assignmentAt(tokens, i, TARGETS)
    if (!assignment || seen.has(assignment.target)) continue
    seen.add(assignment.target)
    try {
      const valueAt = constantValueAt(tokens, assignment.valueAt) ?? assignment.valueAt
      const { value, next } = readPythonLiteral(tokens, valueAt)
      const after = tokens[next]
      if (
        after &&
        after.kind !== 'newline' &&
        after.kind !== 'end' &&
        !(after.kind === 'op' && after.text === ';')
      )
        throw new NotALiteral(`an expression (\`${after.text}\` after the value)`, after.line)
      found[assignment.target] = value
    } catch (error) {
      if (!(error instanceof NotALiteral)) throw error
      issues.push({
        loc: ['body', 'lifecycle_manager.py', assignment.target],
        msg: `${assignment.target} must be a Python literal (Quire reads it, never runs it); found ${error.message}`,
        type: 'value_error',
      })
    }
    if (seen.size === TARGETS.length) break
  }

  for (const target of TARGETS)
    if (!seen.has(target))
      issues.push({
        loc: ['body', 'lifecycle_manager.py', target],
        msg: `lifecycle_manager.py has no \`${target} = ...\` or \`self.${target} = ...\` assignment`,
        type: 'missing',
      })
  if (issues.length > 0) throw ApiError.unprocessable(issues)
  const services = readOptional(tokens)
  return {
    plugin_data: found.plugin_data,
    module_data: found.module_data,
    ...(services === undefined ? {} : { required_services_runtime: services }),
  }
}

function readOptional(tokens: readonly PyToken[]): unknown {
  for (let i = 0; i < tokens.length; i++) {
    if (!startsLogicalLine(tokens, i)) continue
    const assignment = assignmentAt(tokens, i, [OPTIONAL])
    if (!assignment) continue
    try {
      return readPythonLiteral(tokens, assignment.valueAt, { unknownAttributes: true }).value
    } catch (error) {
      if (error instanceof NotALiteral) return undefined
      throw error
    }
  }
  return undefined
}

/**
 * Where the literal of the constant named at tokens[at] starts, when the statement's value is that bare
 * name (`= PLUGIN_DATA`) and the file assigns it (`PLUGIN_DATA = {...}` or `PLUGIN_DATA: T = {...}`).
 */
function constantValueAt(tokens: readonly PyToken[], at: number): number | undefined {
  const name = tokens[at]
  const after = tokens[at + 1]
  if (name?.kind !== 'name' || !after) return undefined
  if (!(after.kind === 'newline' || after.kind === 'end' || isOp(after, ';'))) return undefined
  for (let i = 0; i < tokens.length; i++) {
    if (i === at || !startsLogicalLine(tokens, i)) continue
    const assignment = assignmentAt(tokens, i, [name.text])
    if (assignment) return assignment.valueAt
  }
  return undefined
}

function startsLogicalLine(tokens: readonly PyToken[], i: number): boolean {
  const previous = tokens[i - 1]
  return !previous || previous.kind === 'newline' || (previous.kind === 'op' && previous.text === ';')
}

/** `target =`, `self.target =` or `target: annotation =` starting at tokens[i], for one of `names`. */
function assignmentAt<Name extends string>(
  tokens: readonly PyToken[],
  i: number,
  names: readonly Name[],
): { target: Name; valueAt: number } | undefined {
  let at = i
  const first = tokens[at]
  if (first?.kind === 'name' && first.text === 'self' && isOp(tokens[at + 1], '.')) at += 2
  const name = tokens[at]
  if (name?.kind !== 'name' || !(names as readonly string[]).includes(name.text)) return undefined
  const target = name.text as Name
  at++
  if (isOp(tokens[at], '=')) return { target, valueAt: at + 1 }
  if (!isOp(tokens[at], ':')) return undefined
  // An annotation (`plugin_data: Dict[str, Any] = {...}`): skip to its `=` within the logical line.
  let depth = 0
  for (at++; at < tokens.length; at++) {
    const t = tokens[at] as PyToken
    if (t.kind === 'newline' || t.kind === 'end') return undefined
    if (t.kind !== 'op') continue
    if ('([{'.includes(t.text)) depth++
    else if (')]}'.includes(t.text)) depth--
    else if (t.text === '=' && depth === 0) return { target, valueAt: at + 1 }
  }
  return undefined
}

function isOp(token: PyToken | undefined, text: string): boolean {
  return token?.kind === 'op' && token.text === text
}
