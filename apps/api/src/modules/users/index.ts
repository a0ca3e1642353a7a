export { createUsersService, type UsersService, type Credentials } from './users.service.js';
export { bindUserRoutes } from './users.routes.js';
export { bindDriverRoutes } from './drivers.routes.js';
export { invitationChannel, type Invitee, type IssuedInvitation, type PasswordInvitations } from './password-invitations.js';
