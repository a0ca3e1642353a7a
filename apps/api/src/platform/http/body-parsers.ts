/**
 * How request bodies are read. The spec's client sends `Content-Type: application/json` on every
 * call, bodies or not, so an empty JSON body means "no body" rather than a malformed one; anything
 * else is parsed by fastify's own JSON parser (which refuses `__proto__` and `constructor` keys), and
 * a body nested deeper than any call takes is refused before anything walks it.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './validation.js';

export function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
        return done(new AppError('BAD_REQUEST', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`));
      }
      return done(null, value);
    });
  });
  // The sandbox card page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
