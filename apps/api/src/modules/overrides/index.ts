export { createOverridesService } from './overrides.service.js';
export { bindOverrideRoutes } from './overrides.routes.js';
export { closeOpenOverrides, insertOverride, latestOverrideOf, setOverrideStatus } from './overrides.repository.js';
