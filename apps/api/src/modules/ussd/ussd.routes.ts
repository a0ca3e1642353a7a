import { ussdRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { UssdService } from './ussd.service.js';

/** The gateway's callback: the reply is plain text, `CON …` or `END …`. */
export function bindUssdRoutes(binder: RouteBinder, ussd: UssdService): void {
  binder.bind(ussdRoutes.callback, async ({ body, query, request, reply, client }) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(await ussd.answer({ body, ip: client.ip, secret: { header: request.headers['x-ussd-secret'], query: query.secret } })),
  );
}
