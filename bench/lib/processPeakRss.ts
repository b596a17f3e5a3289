import { readFile, writeFile } from 'node:fs/promises'

/**
 * The kernel's peak RSS of another process (Linux: VmHWM in /proc/<pid>/status), which catches peaks
 * between any samples a poller could take. `resetPeakRss` sets the peak back to the current RSS
 * (writing 5 to clear_refs, allowed for one's own processes) and answers that RSS; both in KiB.
 */
export async function resetPeakRss(pid: number): Promise<number> {
  await writeFile(`/proc/${pid}/clear_refs`, '5')
  return statusField(pid, 'VmRSS')
}

export async function peakRssSince(pid: number): Promise<number> {
  return statusField(pid, 'VmHWM')
}

async function statusField(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`)
  return Number(match[1])
}
