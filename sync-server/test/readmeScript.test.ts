import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

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

/** The README's account, signed in for an access token (to look at what the script left). */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login?include_tokens=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', password: 'a long passphrase' }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

// The README promises scripts a way in: the example runs as printed, with curl, against a real server.
describe('the README script example', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
  })
  afterAll(() => server.stop())

  it(
    'signs up, makes a token, uploads, follows the job to the end and gets an answer; run again, it reuses them all',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const file = join(corpusDir(process.env, repoRoot), 'pdf/pdfjs__tracemonkey.pdf')
      const tokenDir = mkdtempSync(join(tmpdir(), 'quire-readme-'))
      const env = { QUIRE: server.url, FILE: file, TOKEN_FILE: join(tokenDir, 'token') }
      try {
        const first = await run(readmeScript(), env)
        expect(first.code, first.output).toBe(0)
        expect(first.output).toMatch(/event: started/)
        expect(first.output).toMatch(/event: progress/)
        expect(first.output).toMatch(/event: completed/)
        const lines = first.output.trim().split('\n')
        // After the stream: the job's status, then the answer with at least one citation.
        const status = lines.findIndex((line) => line === 'completed')
        expect(status).toBeGreaterThan(0)
        expect(lines.slice(status + 1).join('\n')).toMatch(/\[\d+\]/)

        // Run again as printed: it signs in with its kept token, finds its collection, document and
        // chat, and only asks again.
        const second = await run(readmeScript(), env)
        expect(second.code, second.output).toBe(0)
        expect(second.output).not.toMatch(/event: /)
        expect(second.output).toMatch(/\[\d+\]/)

        const access = await signIn(server.url)
        const list = async (path: string) =>
          (await (
            await fetch(server.url + path, { headers: { authorization: `Bearer ${access}` } })
          ).json()) as Array<{
            id: string
            name?: string
            message_count?: number
          }>
        expect((await list('/api/v1/auth/tokens')).map((token) => token.name)).toEqual(['my script'])
        const collections = await list('/api/collections/')
        expect(collections.map((collection) => collection.name)).toEqual(['Papers'])
        expect(await list(`/api/documents/?collection_id=${collections[0]!.id}`)).toHaveLength(1)
        const sessions = await list('/api/chat/sessions')
        expect(sessions.map((session) => [session.name, session.message_count])).toEqual([['Reading', 4]])
      } finally {
        rmSync(tokenDir, { recursive: true, force: true })
      }
    },
  )
})
