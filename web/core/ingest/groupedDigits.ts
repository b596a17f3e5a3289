/**
 * 10000000 -> "10,000,000", the same on every host (toLocaleString depends on the host's ICU data):
 * the figures in a limit's reason read alike in the browser and on the server.
 */
export function groupedDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
