import type { FastifyReply } from 'fastify';

/**
 * The result cache marks a REST answer's `X-Cache` header on the reply it is given; an operation
 * run for another surface has no such header to set, and passes this instead (the hit is in its result).
 */
export const cacheReply = {
  header() {
    return cacheReply;
  },
} as unknown as FastifyReply;
