import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint rule that keeps web/core environment-free is itself tested: a rule that silently
// matched nothing would let host code creep into the shared core.
describe('web/core import boundary (eslint)', () => {
  const eslint = new ESLint()
  const lint = async (code: string, filePath = 'web/core/api/example.ts') => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).map((m) => m.ruleId)
  }

  it.each([
    "import Dexie from 'dexie'\nexport const d = Dexie",
    "import { http } from 'msw'\nexport const h = http",
    "import Koa from 'koa'\nexport const k = Koa",
    "import Router from '@koa/router'\nexport const r = Router",
    "import { readFileSync } from 'node:fs'\nexport const f = readFileSync",
    "import { join } from 'path'\nexport const j = join",
    "import { DexieStore } from '../../browser/store/DexieStore'\nexport const s = DexieStore",
  ])('rejects %s', async (code) => {
    expect(await lint(code)).toContain('no-restricted-imports')
  })

  it('rejects DOM and Node globals', async () => {
    expect(await lint('export const title = () => document.title')).toContain('no-restricted-globals')
    expect(await lint('export const env = () => process.env')).toContain('no-restricted-globals')
  })

  it('allows zod and relative core imports, and allows hosts to import anything', async () => {
    expect(
      await lint(
        "import { z } from 'zod'\nimport { ApiError } from './ApiError'\nexport const x = [z, ApiError]",
      ),
    ).toEqual([])
    expect(await lint("import Koa from 'koa'\nexport const k = Koa", 'sync-server/src/example.ts')).toEqual(
      [],
    )
  })
})
