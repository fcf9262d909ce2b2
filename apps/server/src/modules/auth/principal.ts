/** Who is asking, as established from the bearer token. */
export type Principal =
  { type: 'admin'; adminId: string; name: string } | { type: 'license'; licenseId: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
