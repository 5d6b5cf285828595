import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export type BareHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** A handler answering every request with these bytes as JSON: the baseline of the HTTP benchmarks. */
export const answering =
  (bytes: string): BareHandler =>
  async (_request, reply) =>
    reply.type(JSON_UTF8).send(bytes);

/** Runs `task` against a bare Fastify server (no logger, no hooks) whose `POST /bare` is `handler`; closes it after. */
export async function withBareRoute<T>(handler: BareHandler, task: (url: string) => Promise<T>): Promise<T> {
  const bare = Fastify();
  bare.post('/bare', handler);
  const url = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await task(`${url}/bare`);
  } finally {
    await bare.close();
  }
}
