let worker: Worker | undefined

/**
 * The page's API worker (`apiWorker.ts`), created on the first call: the page's entry calls it before
 * it loads the app (`web/app/main.tsx`), and `startBrowserApi` takes the same one.
 */
export function pageApiWorker(): Worker {
  worker ??= new Worker(new URL('./apiWorker.ts', import.meta.url), {
    type: 'module',
    name: 'quire-api',
  })
  return worker
}
