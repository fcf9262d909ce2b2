import type { TestApp } from '../../test/app.ts';

/** Reads a delivery as the back office does (`GET /delivery/:id`, as the test admin). */
export function deliveryReader(ctx: TestApp) {
  return async (id: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/delivery/${id}`,
      headers: await ctx.adminHeaders(),
    });
    return response.json().data.delivery;
  };
}
