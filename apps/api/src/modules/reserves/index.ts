export { createReservesService, reserveDraws, type ReservesService } from './reserves.service.js';
export { bindReserveRoutes } from './reserves.routes.js';
