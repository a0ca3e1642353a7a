export { createReservesService, reserveDraws } from './reserves.service.js';
export { bindReserveRoutes } from './reserves.routes.js';
