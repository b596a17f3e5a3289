import { corpusExpectations } from '../../web/core/testing/corpusExpectations'

/** The formats a person uploads most; legacy Office and the adversarial files are left out. */
const FORMATS = ['md', 'html', 'docx', 'pdf', 'pptx'] as const

/**
 * The shared corpus files (paths relative to it) of those formats that process to `completed`, as
 * `corpusExpectations` lists them: taken in turn from each format, so any prefix of the list mixes
 * formats, and in name order within a format, so every run uploads the same files.
 */
export function corpusUploadFiles(): string[] {
  const byFormat = FORMATS.map((format) =>
    Object.entries(corpusExpectations)
      .filter(
        ([path, expected]) => path.startsWith(`${format}/`) && 'completed' in expected && expected.completed,
      )
      .map(([path]) => path)
      .sort(),
  )
  const longest = Math.max(...byFormat.map((paths) => paths.length))
  const files: string[] = []
  for (let i = 0; i < longest; i++) {
    for (const paths of byFormat) {
      const path = paths[i]
      if (path) files.push(path)
    }
  }
  return files
}
