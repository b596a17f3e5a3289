import { createFileRoute, redirect } from '@tanstack/solid-router'

/**
 * Conversations joined Chat: one list, one view. The old address still works, and a deep link to a
 * conversation (`?id=`, with its `?tag=` filter) opens that conversation on the Chat screen.
 */
export const Route = createFileRoute('/conversations')({
  beforeLoad: ({ search }) => {
    const query = search as Record<string, unknown>
    const target: { conversation?: string; tag?: string } = {}
    if (typeof query.id === 'string' && query.id) target.conversation = query.id
    if (typeof query.tag === 'string' && query.tag) target.tag = query.tag
    throw redirect({ to: '/chat', search: target, replace: true })
  },
})
