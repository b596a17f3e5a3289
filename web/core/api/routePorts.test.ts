import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The rule (see CONTEXT.md): a handler names the ports it uses. Its ports parameter is annotated with a
 * narrow type (`ports: CollectionPorts`), never left to `defineRoute`'s default and never the whole
 * `ApiPorts`, which only a host that mounts routes hands over. A file whose routes all run over one named
 * type may say so once instead (`defineRoute<…, HealthPorts>`, `Array<Route<…, AuthPorts>>`).
 *
 * A reading of the source, not of types: `defineRoute` infers the input types from the schemas, and a
 * handler that is not annotated gets `ApiPorts` silently, which no type error would report.
 */
function handlersWithoutNamedPorts(source: string): string[] {
  const fileNamesPorts = [
    ...source.matchAll(/\b(?:Route|defineRoute)<z\.ZodType, z\.ZodType, z\.ZodType, (\w+)>/g),
  ].some((match) => match[1] !== 'ApiPorts')
  const problems: string[] = []
  for (const match of source.matchAll(/(?<![.\w])handler(?:: (?:async )?)?\(/g)) {
    const open = match.index + match[0].length - 1
    const params = splitParams(source, open)
    if (params.length < 2) continue // a handler that takes no ports uses none
    const ports = params[1]!
    const type = typeOf(ports)
    const line = source.slice(0, open).split('\n').length
    if (type === 'ApiPorts') problems.push(`line ${line}: takes the whole ApiPorts (${ports})`)
    else if (type === undefined && !fileNamesPorts) problems.push(`line ${line}: ports not named (${ports})`)
  }
  for (const match of source.matchAll(/^type (\w+) = ApiPorts$/gm)) {
    problems.push(`${match[1]} is the whole ApiPorts`)
  }
  return problems
}

/** The parameters of the list opening at `open` (a `(`), split at top-level commas. */
function splitParams(source: string, open: number): string[] {
  const params: string[] = []
  let depth = 0
  let start = open + 1
  for (let i = open; i < source.length; i++) {
    const char = source[i]
    if (char === '(' || char === '{' || char === '[' || (char === '<' && source[i - 1] !== '=')) depth++
    else if (char === ')' || char === '}' || char === ']' || (char === '>' && source[i - 1] !== '=')) depth--
    if (depth === 0 || (depth === 1 && char === ',')) {
      const param = source.slice(start, i).trim()
      if (param) params.push(param.replace(/\s+/g, ' '))
      start = i + 1
      if (depth === 0) return params
    }
  }
  throw new Error(`Unclosed parameter list at ${open}`)
}

/** The annotation of a parameter (after its top-level `:`), or undefined. */
function typeOf(param: string): string | undefined {
  let depth = 0
  for (let i = 0; i < param.length; i++) {
    const char = param[i]
    if (char === '{' || char === '[' || char === '(' || char === '<') depth++
    else if (char === '}' || char === ']' || char === ')' || char === '>') depth--
    else if (char === ':' && depth === 0) return param.slice(i + 1).trim()
  }
  return undefined
}

/** Every source file (tests aside) that defines routes, under the shared core and the sync server. */
function routeFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'Route.ts') {
        if (readFileSync(path, 'utf8').includes('defineRoute(')) found.push(path)
      }
    }
  }
  walk(join(repoRoot, 'web/core'))
  walk(join(repoRoot, 'sync-server/src'))
  return found
}

describe('route handlers', () => {
  it('name the ports they use', () => {
    const files = routeFiles()
    expect(files.length).toBeGreaterThan(30)
    const problems = files.flatMap((file) =>
      handlersWithoutNamedPorts(readFileSync(file, 'utf8')).map(
        (problem) => `${relative(repoRoot, file)} ${problem}`,
      ),
    )
    expect(problems).toEqual([])
  })

  it('are caught taking the whole ApiPorts or leaving their ports unnamed', () => {
    const route = (handler: string) =>
      `export const routes: Route[] = [\n  defineRoute({\n    ${handler}\n  }),\n]`
    expect(handlersWithoutNamedPorts(route('async handler({ params }, ports) {'))).toEqual([
      'line 3: ports not named (ports)',
    ])
    expect(handlersWithoutNamedPorts(route('async handler(_input, { store, clock }) {'))).toEqual([
      'line 3: ports not named ({ store, clock })',
    ])
    expect(handlersWithoutNamedPorts(route('async handler({ body }, ports: ApiPorts) {'))).toEqual([
      'line 3: takes the whole ApiPorts (ports: ApiPorts)',
    ])
    expect(handlersWithoutNamedPorts(route('handler: ({ params }, ports) => go(ports),'))).toEqual([
      'line 3: ports not named (ports)',
    ])
    expect(handlersWithoutNamedPorts('type EverythingPorts = ApiPorts\n')).toEqual([
      'EverythingPorts is the whole ApiPorts',
    ])
    // Named, narrowed, or nothing taken: fine.
    expect(handlersWithoutNamedPorts(route('async handler({ body }, { store }: CollectionPorts) {'))).toEqual(
      [],
    )
    expect(
      handlersWithoutNamedPorts(
        route(
          "async handler({ params: { id } }, ports: Pick<ApiPorts, 'clock'> & { store: Pick<Store, 'records'> }) {",
        ),
      ),
    ).toEqual([])
    expect(handlersWithoutNamedPorts(route('async handler() {'))).toEqual([])
    expect(
      handlersWithoutNamedPorts(
        `const table: Array<Route<z.ZodType, z.ZodType, z.ZodType, AuthPorts>> = [\n${route('async handler(_input, { accounts }) {')}`,
      ),
    ).toEqual([])
  })
})
