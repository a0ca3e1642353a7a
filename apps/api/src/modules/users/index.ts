export { createUsersService, type UsersService } from './users.service.js';
export { bindUserRoutes } from './users.routes.js';
export { bindDriverRoutes } from './drivers.routes.js';
export { invitationChannel, type IssuedInvitation, type PasswordInvitations } from './password-invitations.js';
