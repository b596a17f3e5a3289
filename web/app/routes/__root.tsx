import { createRootRoute, Outlet } from '@tanstack/solid-router'
import { AppFrame } from '../components/AppFrame'
import { NotFound } from '../components/NotFound'

export const Route = createRootRoute({
  component: RootComponent,
  notFoundComponent: NotFound,
})

function RootComponent() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  )
}
