// Runs the sync convergence simulation (web/core/sync/convergence.ts) over many seeds and prints a
// summary: `npx tsx scripts/sync-soak.ts [seeds=100] [first seed=1] [steps=600]`. Each failing seed is
// printed with its first problems, so it can be replayed with `runConvergence(seed)`. Exits 1 on any.
import { runConvergence, type ConvergenceStats } from '../web/core/sync/convergence'

async function main(): Promise<number> {
  const [seeds = 100, first = 1, steps = 600] = process.argv.slice(2).map(Number)
  if (![seeds, first, steps].every((n) => Number.isSafeInteger(n) && n > 0)) {
    process.stderr.write('usage: npx tsx scripts/sync-soak.ts [seeds] [first seed] [steps]\n')
    return 2
  }
  const totals: Partial<Record<keyof ConvergenceStats, number>> = {}
  const failed: number[] = []
  const started = Date.now()
  for (let seed = first; seed < first + seeds; seed++) {
    const report = await runConvergence(seed, { steps })
    for (const [name, value] of Object.entries(report.stats) as Array<[keyof ConvergenceStats, number]>) {
      totals[name] = (totals[name] ?? 0) + value
    }
    if (!report.ok) {
      failed.push(seed)
      process.stdout.write(`seed ${seed} FAILED:\n  ${report.problems.slice(0, 5).join('\n  ')}\n`)
    }
  }
  process.stdout.write(
    `${seeds} seeds (${first}..${first + seeds - 1}), ${steps} steps each, ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `passed ${seeds - failed.length}, failed ${failed.length}${failed.length ? ` (${failed.join(', ')})` : ''}\n` +
      `totals: ${JSON.stringify(totals)}\n`,
  )
  return failed.length === 0 ? 0 : 1
}

process.exitCode = await main()
