import { describe, expect, it } from 'vitest'
import { hideFilePaths } from './hideFilePaths'

describe('hideFilePaths', () => {
  it('hides the paths of file system errors', () => {
    expect(hideFilePaths("ENOENT: no such file or directory, open '/srv/quire/data/users/ab/quire.db'")).toBe(
      "ENOENT: no such file or directory, open '<server path>'",
    )
    expect(hideFilePaths("EACCES: permission denied, rename '/tmp/a/b' -> '/tmp/c/d'")).toBe(
      "EACCES: permission denied, rename '<server path>' -> '<server path>'",
    )
    expect(hideFilePaths('could not read /var/lib/quire/x.pdf: gone')).toBe(
      'could not read <server path>: gone',
    )
  })

  it('hides file URLs and Windows paths', () => {
    expect(hideFilePaths('Cannot load file:///work/main/node_modules/pdfjs-dist/build/pdf.worker.mjs')).toBe(
      'Cannot load <server path>',
    )
    expect(hideFilePaths('open "C:\\Quire\\data\\server.db" failed')).toBe('open "<server path>" failed')
  })

  it('leaves the API paths, single segments and ordinary text alone', () => {
    for (const text of [
      'No endpoint GET /api/v1/nothing',
      'GET /health answers the same',
      'test_cases_path: no file "sets/a.json" in the test-case folder (DATA_DIR/evaluation)',
      'top_k: must be 1..50',
      'a/b is not a path a client cannot see',
    ]) {
      expect(hideFilePaths(text)).toBe(text)
    }
  })
})
