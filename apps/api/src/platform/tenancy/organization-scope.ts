/**
 * Which organization's records a request touches. For every role but ADMIN the organization
 * comes from the session; a different one named in the request answers "not found", exactly as a
 * record of another tenant does. ADMIN may name any organization, and must when creating.
 */
import { forbidden, invalidField, notFound } from '../errors.js';
import type { Actor } from '../http/actor.js';

/** For lists: null means every organization (ADMIN without a filter). */
export function organizationFilter(actor: Actor, requested: string | undefined | null): string | null {
  if (actor.role === 'ADMIN') return requested ?? null;
  if (!actor.organizationId) throw forbidden();
  if (requested && requested !== actor.organizationId) throw notFound('Organization');
  return actor.organizationId;
}

/** For creation: the organization the new record belongs to. */
export function owningOrganization(actor: Actor, requested: string | undefined | null): string {
  const organizationId = organizationFilter(actor, requested);
  if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
  return organizationId;
}
