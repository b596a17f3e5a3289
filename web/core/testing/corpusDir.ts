/**
 * Where the shared test corpus lives: CORPUS_DIR, else `../shared/corpus` beside the repository (as in
 * CI). Test-only; tests pass `process.env` and the repository root in.
 */
export function corpusDir(env: Record<string, string | undefined>, repoRoot: string): string {
  return env.CORPUS_DIR ?? `${repoRoot}/../shared/corpus`
}
