import { readFile, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import { ApiError } from '../../../web/core/kernel/ApiError'
import type { TestCaseFiles } from '../../../web/core/api/ApiPorts'

/** A test-case file larger than this is not a test-case file. */
const MAX_BYTES = 50 * 1024 * 1024

/**
 * Test-case files under one folder (DATA_DIR/evaluation, DESIGN.md section 2). A path names a file
 * inside it: absolute paths, `..` segments and links that lead outside are refused with 400, so a
 * request can never read other files of the server.
 */
export class DiskTestCaseFiles implements TestCaseFiles {
  constructor(private readonly root: string) {}

  async read(path: string): Promise<string> {
    const refuse = (why: string) => ApiError.badRequest(`test_cases_path: ${why}`)
    if (path.includes('\0')) throw refuse('must not contain NUL characters')
    if (isAbsolute(path) || /^[A-Za-z]:/u.test(path) || path.startsWith('\\')) {
      throw refuse('must be relative to the test-case folder (DATA_DIR/evaluation), not absolute')
    }
    if (path.split(/[\\/]/u).includes('..')) throw refuse('must not contain ".." segments')
    let real: string
    try {
      real = await realpath(join(this.root, path))
    } catch {
      throw refuse(`no file "${path}" in the test-case folder (DATA_DIR/evaluation)`)
    }
    const root = await realpath(this.root).catch(() => this.root)
    const inside = relative(root, real)
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
      throw refuse('leads outside the test-case folder')
    }
    const info = await stat(real)
    if (!info.isFile()) throw refuse(`"${path}" is not a file`)
    if (info.size > MAX_BYTES) throw refuse(`"${path}" is larger than ${MAX_BYTES / 1048576} MB`)
    const bytes = await readFile(real)
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  }
}
