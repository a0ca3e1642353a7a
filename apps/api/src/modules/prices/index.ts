export { createPricesService, type PricesService } from './prices.service.js';
export { bindPriceRoutes } from './prices.routes.js';
