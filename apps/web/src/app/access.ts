import { hasPermission, type Permission, type Role } from '@fleetfuel/contract';

/**
 * Who may open a route. Menu areas use the contract's permission table; the few screens outside the
 * menu (the platform admin's page) name their roles.
 */
export type RouteAccess = { permission: Permission } | { roles: readonly Role[] };

export interface RouteHandle {
  access?: RouteAccess;
}

export function canAccess(role: Role, access: RouteAccess): boolean {
  return 'permission' in access ? hasPermission(role, access.permission) : access.roles.includes(role);
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}
