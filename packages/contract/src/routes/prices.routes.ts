import { route } from './route.js';
import { priceHistoryQuerySchema, priceHistoryReplySchema, priceUpdateBodySchema, priceUpdateReplySchema } from '../plans.schemas.js';

export const priceRoutes = {
  update: route({
    method: 'PATCH',
    path: '/fuel-requests/update-price',
    permission: 'prices.manage',
    summary: "Set the price per unit of a fuel the representative's station sells",
    tag: 'prices',
    body: priceUpdateBodySchema,
    moneyFields: { pricePerLitre: 'pricePerUnit' },
    reply: priceUpdateReplySchema,
  }),
  history: route({
    method: 'GET',
    path: '/fuel-requests/prices',
    permission: 'prices.read',
    summary: "A station's current prices and price history (ADMIN names the station)",
    tag: 'prices',
    query: priceHistoryQuerySchema,
    reply: priceHistoryReplySchema,
  }),
};
