import { CORE_PARENT_TYPES } from './pageSchemas'

/**
 * A page's parent in Quire's form, from one as BrainDrive's clients send it:
 * - `parent_type: "page"` with no parent route is BrainDrive's top-level page (its default parent
 *   type is "page"): no parent;
 * - a core section (`dashboard`, `plugin-studio`, `settings`) is the navigation route of that name,
 *   where BrainDrive also places the page (`dashboard/<name>`); BrainDrive clears the parent route
 *   then, so any route sent with it is ignored;
 * - anything else is kept as given (the hierarchy route checks that route and type go together).
 */
export function normaliseParent(
  parentRoute: string | null,
  parentType: string | null,
): { parent_route: string | null; parent_type: string | null } {
  if ((CORE_PARENT_TYPES as readonly string[]).includes(parentType ?? '')) {
    return { parent_route: `/${parentType}`, parent_type: 'navigation' }
  }
  if (parentType === 'page' && parentRoute === null) return { parent_route: null, parent_type: null }
  return { parent_route: parentRoute, parent_type: parentType }
}
