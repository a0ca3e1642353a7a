export { createAuthService, INVALID_RESET_TOKEN_MESSAGE } from './auth.service.js';
export { bindAuthRoutes } from './auth.routes.js';
export { createPasswordInvitations } from './invitations.service.js';
export { createAttendantSwitch } from './attendant-switch.service.js';
export { bindStationDeviceRoutes } from './station-device.routes.js';
export { createThrottleCounters, type DelayRule, type ThrottleCounters } from './throttle-counters.service.js';
