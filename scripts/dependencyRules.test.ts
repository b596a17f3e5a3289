import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '..')
const CONFIG = join(ROOT, '.dependency-cruiser.cjs')
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

interface Violation {
  rule: { name: string }
  from: string
  to: string
  cycle?: Array<{ name: string }>
}

/** The project's rules run by the real tool over a tree of files, answering in `format`. */
function depcruise(cwd: string, format: 'json' | 'err'): Promise<{ code: number; stdout: string }> {
  return run('node', [DEPCRUISE, '--config', CONFIG, '--output-type', format, 'web'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  )
}

/** The violations the rules find in a tree, and how many of them are errors. */
async function cruise(cwd: string): Promise<{ errors: number; violations: Violation[] }> {
  const { stdout } = await depcruise(cwd, 'json')
  const { summary } = JSON.parse(stdout) as { summary: { error: number; violations: Violation[] } }
  return { errors: summary.error, violations: summary.violations }
}

/** A tree of web/core with the files given (path: source), and a tsconfig as the repository's resolves. */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-layers-'))
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', strict: true, noEmit: true },
    }),
    'web/core/kernel/ApiError.ts': 'export class ApiError extends Error {}\n',
    'web/core/store/Store.ts':
      "import type { ApiError } from '../kernel/ApiError'\nexport interface Store { failure: ApiError }\n",
    'web/core/retrieve/search.ts':
      "import type { Store } from '../store/Store'\nexport type Searched = Store\n",
    'web/core/api/routes.ts':
      "import type { Searched } from '../retrieve/search'\nexport type Routes = Searched[]\n",
    'web/core/testing/kit.ts': "import type { Routes } from '../api/routes'\nexport type Kit = Routes\n",
    'web/core/api/routes.test.ts': "import type { Kit } from '../testing/kit'\nexport type Tested = Kit\n",
    ...files,
  }
  for (const [path, source] of Object.entries(all)) {
    await mkdir(join(dir, dirname(path)), { recursive: true })
    await writeFile(join(dir, path), source)
  }
  return dir
}

const made: string[] = []
const plant = async (files: Record<string, string>) => {
  const dir = await tree(files)
  made.push(dir)
  return cruise(dir)
}

describe('the import rules (.dependency-cruiser.cjs)', () => {
  // The tool starts a fresh Node and reads its rules each time: seconds on a quiet machine.
  const limit = { timeout: scaledTimeout(60_000) }
  let clean: Awaited<ReturnType<typeof cruise>>
  const upward = {
    'web/core/kernel/clockOfStore.ts':
      "import type { Store } from '../store/Store'\nexport type Clock = Store\n",
  }

  beforeAll(async () => {
    clean = await plant({})
  }, scaledTimeout(60_000))
  afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('pass a tree whose rooms stand on their floors (tests and test kits apart)', () => {
    expect(clean.violations).toEqual([])
    expect(clean.errors).toBe(0)
  })

  it('fail an upward import: a room of a lower floor importing one above it', limit, async () => {
    const { errors, violations } = await plant(upward)
    expect(errors).toBe(violations.length)
    expect(violations).toEqual([
      expect.objectContaining({
        rule: expect.objectContaining({ name: 'core-floor-1' }),
        from: 'web/core/kernel/clockOfStore.ts',
        to: 'web/core/store/Store.ts',
      }),
    ])
  })

  it('fail an import between two rooms of one floor', limit, async () => {
    const { errors, violations } = await plant({
      'web/core/records/recordOf.ts':
        "import type { Searched } from '../retrieve/search'\nexport type R = Searched\n",
    })
    expect(errors).toBe(violations.length)
    expect(violations.map((v) => [v.rule.name, v.from])).toEqual([
      ['core-floor-3', 'web/core/records/recordOf.ts'],
    ])
  })

  it('fail a circle between files, of types alone too', limit, async () => {
    const { errors, violations } = await plant({
      'web/core/store/first.ts':
        "import type { Second } from './second'\nexport interface First { next?: Second }\n",
      'web/core/store/second.ts':
        "import type { First } from './first'\nexport interface Second { back?: First }\n",
    })
    expect(errors).toBe(violations.length)
    expect(violations.map((v) => [v.rule.name, v.from, v.cycle?.map((step) => step.name)])).toEqual([
      ['no-circular', 'web/core/store/first.ts', ['web/core/store/second.ts', 'web/core/store/first.ts']],
    ])
  })

  it('fail product code that imports a test kit, and a room on no floor', limit, async () => {
    const { errors, violations } = await plant({
      'web/core/retrieve/withKit.ts': "import type { Kit } from '../testing/kit'\nexport type K = Kit\n",
      'web/core/newroom/thing.ts':
        "import type { ApiError } from '../kernel/ApiError'\nexport type T = ApiError\n",
    })
    expect(errors).toBe(violations.length)
    expect(violations.map((v) => [v.rule.name, v.from]).sort()).toEqual([
      ['core-room-unknown', 'web/core/newroom/thing.ts'],
      ['test-kits-stand-apart', 'web/core/retrieve/withKit.ts'],
    ])
  })

  it('make the lint command fail on a violation, naming the rule', limit, async () => {
    const dir = await tree(upward)
    made.push(dir)
    const { code, stdout } = await depcruise(dir, 'err')
    expect(code).not.toBe(0)
    expect(stdout).toContain('core-floor-1: web/core/kernel/clockOfStore.ts → web/core/store/Store.ts')
  })

  it(
    'pass the repository as it stands (`npm run lint:imports`)',
    { timeout: scaledTimeout(300_000) },
    async () => {
      await expect(run('npm', ['run', '--silent', 'lint:imports'], { cwd: ROOT })).resolves.toBeDefined()
    },
  )
})
