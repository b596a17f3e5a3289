import { createFileRoute, redirect } from '@tanstack/solid-router'

// The start page is the collections list; redirecting (rather than rendering it at "/") keeps one URL per page.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/collections', replace: true })
  },
})
