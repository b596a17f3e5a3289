import { createEffect } from 'solid-js'

/** Keeps document.title in step with the page, so tabs, history and screen readers name it. */
export function usePageTitle(title: string | (() => string)): void {
  createEffect(() => {
    document.title = `${typeof title === 'function' ? title() : title} · Quire`
  })
}
