/** The logger type services take: pino's, as Fastify creates it per app. */
export type { FastifyBaseLogger as Logger } from 'fastify';
