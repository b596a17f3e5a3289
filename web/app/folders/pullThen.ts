/**
 * A pull that runs one at a time, then `then`: asked again while one runs, it runs once more after it
 * (what changed during a pull may have missed it); asked many times meanwhile, still only once more.
 * A failed pull is not an error here: the sync loop tries again on its own, and `then` still runs.
 */
export function createPullThen(pull: () => Promise<unknown>, then: () => void): () => void {
  let running = false
  let again = false
  const run = () => {
    if (running) {
      again = true
      return
    }
    running = true
    void pull()
      .catch(() => undefined)
      .finally(() => {
        running = false
        then()
        if (again) {
          again = false
          run()
        }
      })
  }
  return run
}
