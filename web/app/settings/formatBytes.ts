const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB']

/** Bytes in the largest unit that keeps the number at least 1, with one decimal above bytes ("1.5 GB"). */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`
}

/** WebLLM's GPU memory figure (MB) as a person reads it. */
export function describeVram(vramMb: number | null): string {
  if (vramMb === null) return 'GPU memory needed unknown'
  return `about ${(vramMb / 1024).toFixed(1)} GB of GPU memory`
}
