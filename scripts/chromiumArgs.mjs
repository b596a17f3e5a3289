/**
 * The flags the browser tests and the in-browser benchmarks launch the system Chromium with: no sandbox
 * (containers), none of its own network traffic, updates or sync, no first-run pages, and shared memory
 * in /tmp (a container's /dev/shm is small).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
]
