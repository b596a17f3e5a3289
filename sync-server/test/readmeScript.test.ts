import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { startTestServer } from './startTestServer'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The README's script example, exactly as printed there (the code block after its marker). */
function readmeScript(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const match = /<!-- readme-script:[^>]*-->\s*```bash\n([\s\S]*?)```/.exec(readme)
  if (!match?.[1]) throw new Error('README.md has no readme-script block')
  return match[1]
}

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { env: { ...process.env, ...env } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

// The README promises scripts a way in: the example runs as printed, with curl, against a real server.
describe('the README script example', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
  })
  afterAll(() => server.stop())

  it(
    'signs up, makes a token, uploads, follows the job to the end and gets an answer',
    { timeout: 90_000 },
    async () => {
      const file = join(corpusDir(process.env, repoRoot), 'pdf/pdfjs__tracemonkey.pdf')
      const { code, output } = await run(readmeScript(), { QUIRE: server.url, FILE: file })
      expect(code, output).toBe(0)
      expect(output).toMatch(/event: started/)
      expect(output).toMatch(/event: progress/)
      expect(output).toMatch(/event: completed/)
      const lines = output.trim().split('\n')
      // After the stream: the job's status, then the answer with at least one citation.
      const status = lines.findIndex((line) => line === 'completed')
      expect(status).toBeGreaterThan(0)
      expect(lines.slice(status + 1).join('\n')).toMatch(/\[\d+\]/)
    },
  )
})
